import { describe, expect, it } from 'vitest';
import { hubtelFastRead, readHubtelRequest } from './hubtelRead';
import { hubtelRequestSchema } from './hubtelSchemas';

/** Values a field may hold, as Hubtel and its look-alikes send them, and some they should not. */
const texts = [
  '233244567890',
  ' 713*4 ',
  '',
  'mtn',
  2,
  0,
  -1.5,
  null,
  undefined,
  true,
  {},
  [],
  Number.NaN,
];
const pools: Record<string, readonly unknown[]> = {
  SessionId: ['3f1c9a0e', ' s-1 ', '', '  ', 12345, 0, null, undefined, false, {}],
  Type: [
    'Initiation',
    'response',
    ' RELEASE ',
    'Timeout',
    'favorite',
    'query',
    'hello',
    '',
    1,
    null,
    undefined,
  ],
  Mobile: texts,
  Message: texts,
  ServiceCode: texts,
  Operator: texts,
  Sequence: texts,
  ClientState: texts,
  Platform: ['USSD', '', 5, null, undefined],
};

/**
 * A small seeded generator, so that a failure names a request that can be replayed; in exact
 * 32-bit arithmetic (in floating point the product loses its low bits, and the sequence falls
 * into a short cycle).
 */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 4_294_967_296;
  };
}

function requests(count: number): Record<string, unknown>[] {
  const random = seeded(46);
  return Array.from({ length: count }, () => {
    const request: Record<string, unknown> = {};
    for (const [field, pool] of Object.entries(pools)) {
      const value = pool[Math.floor(random() * pool.length)];
      if (value !== undefined) request[field] = value;
    }
    return request;
  });
}

describe('hubtelFastRead', () => {
  it('gives what the schema gives, or leaves the request to it (20,000 requests of every field kind)', () => {
    let taken = 0;
    for (const request of requests(20_000)) {
      const fast = hubtelFastRead(request);
      if (fast === undefined) continue;
      taken += 1;
      const parsed = hubtelRequestSchema.safeParse(request);
      expect(parsed.success, JSON.stringify(request)).toBe(true);
      expect(fast, JSON.stringify(request)).toStrictEqual(parsed.data);
    }
    // The fast read is taken for a good share of them, not left to zod every time.
    expect(taken).toBeGreaterThan(200);
  });

  it('reads the requests Hubtel documents: strings, a numeric Sequence, Programmable Services', () => {
    const classic = {
      Mobile: '233244567890',
      SessionId: '3f1c9a0e7b2d4c6f8a9e0b1c2d3e4f50',
      ServiceCode: '713*4',
      Type: 'Initiation',
      Message: '*713*4#',
      Operator: 'mtn',
      Sequence: 1,
    };
    for (const request of [
      classic,
      { ...classic, Type: 'Response', Message: '1', Sequence: '2' },
      { ...classic, Platform: 'USSD', ClientState: '' },
    ]) {
      expect(hubtelFastRead(request)).toStrictEqual(hubtelRequestSchema.parse(request));
    }
  });

  it('leaves what the schema refuses to it, which says why', () => {
    expect(readHubtelRequest({ Type: 'Initiation' })).toEqual({
      refused: 'the field SessionId is missing',
    });
    expect(readHubtelRequest({ SessionId: 's', Type: 'Initiation', Mobile: {} })).toEqual({
      refused: 'expected text',
    });
  });
});
