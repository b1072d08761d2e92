import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SessionRecord } from '../../SessionStore';
import { chooser } from '../../screens/chooser';
import { info } from '../../screens/info';
import { input } from '../../screens/input';
import { merchantPayment } from '../../screens/merchantPayment';
import type { LooseScreen } from '../engine/looseScreen';
import { type CarryRules, carryOver } from './carryOver';
import type { SessionData } from './SessionData';

const screens = {
  menu: chooser({ title: 'Menu', items: [{ label: 'Pay', next: 'amount' }] }),
  amount: input({ text: 'Amount?', next: 'paid' }),
  pay: merchantPayment({
    payment: { merchantCode: 'M', amount: 1 },
    onSuccess: 'paid',
    onFailure: 'paid',
    onUnknown: 'paid',
  }),
  paid: info({ text: 'Paid' }),
} as unknown as Record<string, LooseScreen>;

const rules: CarryRules = {
  flowVersion: 'v2',
  stateSchema: z.object({ amount: z.number().optional() }),
  screens,
};

const session = (changes: Partial<SessionData>): SessionData => ({
  state: { amount: 5 },
  screen: 'amount',
  entryState: {},
  page: 0,
  attempts: 0,
  history: [{ screen: 'menu', state: {} }],
  msisdn: '+2348030000000',
  operator: 'mtn',
  start: { type: 'Dial', shortcodeString: '*384*1#', segments: [] },
  ...changes,
});
const saved = (flowVersion: string, data: SessionData): SessionRecord => ({
  flowVersion,
  state: data,
});

describe('carryOver', () => {
  it('gives a copy of a session of this version whose state parses', () => {
    const data = session({});
    const carried = carryOver(saved('v2', data), rules);
    expect(carried).toEqual(data);
    expect(carried?.state).not.toBe(data.state);
    expect(carried?.history).not.toBe(data.history);
  });

  it('ends a session whose state no longer parses, whatever its version', () => {
    expect(carryOver(saved('v2', session({ state: { amount: 'five' } })), rules)).toBeUndefined();
    expect(carryOver(saved('v1', session({ state: { amount: 'five' } })), rules)).toBeUndefined();
    expect(carryOver(undefined, rules)).toBeUndefined();
    expect(carryOver({ flowVersion: 'v2', state: 'not a session' }, rules)).toBeUndefined();
  });

  it('carries a session of another version on a screen that is still there', () => {
    expect(carryOver(saved('v1', session({})), rules)).toEqual(session({}));
  });

  it('ends a session of another version whose screen is gone or can no longer take its event', () => {
    expect(carryOver(saved('v1', session({ screen: 'pin' })), rules)).toBeUndefined();
    // An info is waited on only while its pages are kept; a payment only while its id is.
    expect(carryOver(saved('v1', session({ screen: 'paid' })), rules)).toBeUndefined();
    expect(carryOver(saved('v1', session({ screen: 'paid', pages: ['a', 'b'] })), rules)).toEqual(
      session({ screen: 'paid', pages: ['a', 'b'] }),
    );
    expect(carryOver(saved('v1', session({ screen: 'pay' })), rules)).toBeUndefined();
    expect(carryOver(saved('v1', session({ screen: 'pay', operationId: 'op-1' })), rules)).toEqual(
      session({ screen: 'pay', operationId: 'op-1' }),
    );
    const items = [{ key: '1', label: 'Old', next: 'removed' }];
    expect(carryOver(saved('v1', session({ screen: 'menu', items })), rules)).toBeUndefined();
  });

  it('drops history frames that no longer fit, and an entry state that no longer parses', () => {
    const history = [
      { screen: 'removed', state: {} },
      { screen: 'menu', state: { amount: 'old' } },
      { screen: 'menu', state: { amount: 1 } },
    ];
    const carried = carryOver(
      saved('v1', session({ history, entryState: { amount: 'old' } })),
      rules,
    );
    expect(carried?.history).toEqual([{ screen: 'menu', state: { amount: 1 } }]);
    expect(carried?.entryState).toEqual({ amount: 5 });
  });
});
