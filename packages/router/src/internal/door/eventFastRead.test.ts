import {
  abortSessionSchema,
  closeSessionSchema,
  continueSessionSchema,
  newSessionSchema,
} from '@ussdkit/protocol';
import { describe, expect, it } from 'vitest';
import { seeded } from '../../../test/support/seeded';
import type { SessionEventName } from '../../RouterEvent';
import { eventFastRead } from './eventFastRead';
import { parseEvent } from './parseEvent';

const schemas = {
  new: newSessionSchema,
  continue: continueSessionSchema,
  close: closeSessionSchema,
  abort: abortSessionSchema,
} as const;

/** Values a text field may hold, as the gateway sends it and as it should not. */
const texts = ['s-1', '2348012345678', '', ' ', 0, 12, null, undefined, true, {}, [], ['a']];

/** Values an object field may hold: well formed, nearly so, and not an object at all. */
const inputs = [
  { type: 'Dial', shortcodeString: '*384*1#' },
  { type: 'Dial', shortcodeString: '*384*1#', extra: 1 },
  { type: 'Dial', shortcodeString: '' },
  { type: 'Dial' },
  { type: 'dial', shortcodeString: '*384#' },
  { type: 'Push', contextData: 'c' },
  { type: 'Push' },
  { type: 'Redirect', processId: 'p' },
  [{ type: 'Dial', shortcodeString: '*384#' }],
  'Dial',
  null,
  undefined,
];
const results = [
  { type: 'InputResult', value: '1' },
  { type: 'InputResult', value: '' },
  { type: 'InputResult', value: 1 },
  { type: 'InputResult' },
  { type: 'InputResult', value: 'x', more: true },
  { type: 'EmbeddedProcessResult', resultParams: { a: 'b' } },
  { type: 'MerchantPaymentResult', operationId: 'o', status: { type: 'Success' } },
  { type: 'Other' },
  [],
  null,
  undefined,
];
const reasons = [
  { type: 'End' },
  { type: 'Abandon' },
  { type: 'Timeout', why: 'x' },
  { type: 'Kicked' },
  { type: 'end' },
  { type: 'MissingPrivilege', privilege: 'p' },
  { type: 5 },
  {},
  'End',
  null,
  undefined,
];
const pools: Record<string, readonly unknown[]> = {
  clientId: texts,
  appId: texts,
  sessionId: texts,
  msisdn: texts,
  operator: texts,
  contextData: ['h1', '', 'x'.repeat(40), 3, null, undefined, {}],
  input: inputs,
  result: results,
  reason: reasons,
  extra: ['kept out', undefined],
};

/** Bodies whose fields are drawn from the pools, most often the well-formed first values. */
function bodies(count: number, seed: number): unknown[] {
  const random = seeded(seed);
  return Array.from({ length: count }, () => {
    if (random() < 0.02) return [null, [], 'body', 7][Math.floor(random() * 4)];
    const body: Record<string, unknown> = {};
    for (const [field, pool] of Object.entries(pools)) {
      const value = random() < 0.6 ? pool[0] : pool[Math.floor(random() * pool.length)];
      if (value !== undefined) body[field] = value;
    }
    return body;
  });
}

describe('eventFastRead', () => {
  it.each(['new', 'continue', 'close', 'abort'] as const)(
    'gives what the %s schema gives, or leaves the body to it (20,000 bodies of every field kind)',
    (event: SessionEventName) => {
      let taken = 0;
      for (const body of bodies(20_000, event.length)) {
        const fast = eventFastRead(event, body);
        if (fast === undefined) continue;
        taken += 1;
        const parsed = schemas[event].safeParse(body);
        expect(parsed.success, JSON.stringify(body)).toBe(true);
        expect(fast, JSON.stringify(body)).toStrictEqual({ type: event, body: parsed.data });
        // The same fields in the same order: what is stored or replayed is written alike.
        expect(JSON.stringify(fast.body)).toBe(JSON.stringify(parsed.data));
      }
      // Taken for a good share of them (none for abort, which is always the schema's).
      if (event === 'abort') expect(taken).toBe(0);
      else expect(taken).toBeGreaterThan(500);
    },
  );

  it('leaves the schema to word a refusal', () => {
    const refused = parseEvent(
      'continue',
      JSON.stringify({
        clientId: 'c',
        appId: 'a',
        sessionId: 's',
        result: { type: 'InputResult' },
      }),
    );
    expect(refused).toMatchObject({
      refused: { status: 400, body: { code: 'INVALID_REQUEST', field: 'result.value' } },
    });
  });
});
