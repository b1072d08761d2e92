import { sessionCommandSchema } from '@ussdkit/protocol';
import { describe, expect, it } from 'vitest';
import { seeded } from '../../../test/support/seeded';
import { commandFastRead } from './commandFastRead';

/** The first value most of the time (the well-formed one), else any of the pool. */
function drawer(random: () => number) {
  return <T>(pool: readonly T[]): T =>
    random() < 0.6 ? (pool[0] as T) : (pool[Math.floor(random() * pool.length)] as T);
}

const texts = ['Buy airtime', '', 'x'.repeat(200), 0, null, undefined, {}, ['a']];
const keys = ['1', '2', '', '#', 1, null, undefined];

function answers(count: number): unknown[] {
  const random = seeded(47);
  const draw = drawer(random);
  /** Sets `field` to a drawn value, or leaves it out when the draw is `undefined`. */
  const put = (into: Record<string, unknown>, field: string, pool: readonly unknown[]) => {
    const value = draw(pool);
    if (value !== undefined || random() < 0.3) into[field] = value;
  };
  const item = () => {
    const it: Record<string, unknown> = {};
    put(it, 'accessKey', [String(Math.floor(random() * 3) + 1), ...keys]);
    put(it, 'label', texts);
    if (random() < 0.1) it.extra = 'dropped';
    return random() < 0.03 ? draw([null, 'item', []]) : it;
  };
  const view = () => {
    const type = draw(['ChooserView', 'InputView', 'InfoView', 'inputView', 'Other', 3]);
    const v: Record<string, unknown> = { type };
    put(v, 'message', texts);
    put(v, 'title', texts);
    if (random() < 0.9) {
      v.items =
        random() < 0.1
          ? draw(['items', {}, null])
          : Array.from({ length: Math.floor(random() * 4) }, item);
    }
    if (random() < 0.3) put(v, 'separator', ['. ', ')', '', 4, null, undefined]);
    return random() < 0.03 ? draw([null, [], 'view']) : v;
  };
  const action = () => {
    const type = draw(['ShowView', 'Redirect', 'RunProcess', 'showView', 9]);
    const a: Record<string, unknown> = { type, view: view() };
    if (type === 'Redirect') a.destinationAppId = draw(['app-2', '']);
    return random() < 0.03 ? draw([null, [], 'action']) : a;
  };
  return Array.from({ length: count }, () => {
    const command: Record<string, unknown> = { action: action() };
    put(command, 'contextData', ['h1', '', 7, null, undefined]);
    if (random() < 0.3) put(command, 'sessionTag', ['tag', '', 5, null, undefined]);
    if (random() < 0.1) command.extra = 'dropped';
    return random() < 0.02 ? draw([null, [], 'command']) : command;
  });
}

describe('commandFastRead', () => {
  it('gives what the schema gives, or leaves the answer to it (20,000 answers of every field kind)', () => {
    let taken = 0;
    for (const answer of answers(20_000)) {
      const fast = commandFastRead(answer);
      if (fast === undefined) continue;
      taken += 1;
      const parsed = sessionCommandSchema.safeParse(answer);
      expect(parsed.success, JSON.stringify(answer)).toBe(true);
      expect(fast, JSON.stringify(answer)).toStrictEqual(parsed.data);
      // The same fields in the same order: the answer is written alike either way.
      expect(JSON.stringify(fast)).toBe(JSON.stringify(parsed.data));
    }
    expect(taken).toBeGreaterThan(1_000);
  });

  it('shares nothing with the answer it read, as the schema does not', () => {
    const items = [{ accessKey: '1', label: 'Buy airtime' }];
    const answer = {
      action: { type: 'ShowView', view: { type: 'ChooserView', title: 'Menu', items } },
      contextData: 'h1',
    };
    const read = commandFastRead(answer);
    items[0] = { accessKey: '9', label: 'Changed' };
    answer.action.view.title = 'Changed';
    expect(read).toStrictEqual({
      action: {
        type: 'ShowView',
        view: {
          type: 'ChooserView',
          title: 'Menu',
          items: [{ accessKey: '1', label: 'Buy airtime' }],
        },
      },
      contextData: 'h1',
    });
  });

  it('leaves a duplicate accessKey, an empty chooser and other actions to the schema', () => {
    const chooser = (items: unknown[]) => ({
      action: { type: 'ShowView', view: { type: 'ChooserView', title: 'T', items } },
    });
    const one = { accessKey: '1', label: 'A' };
    expect(commandFastRead(chooser([one, one]))).toBeUndefined();
    expect(commandFastRead(chooser([]))).toBeUndefined();
    expect(
      commandFastRead({ action: { type: 'Redirect', destinationAppId: 'b' } }),
    ).toBeUndefined();
  });
});
