/**
 * Hostile HTTP request bodies for the server fuzz tests of every package: mutated valid bodies,
 * arbitrary JSON, broken JSON, invalid UTF-8, deep nesting, huge strings, 1 MB bodies, and wrong
 * content types.
 */
import fc from 'fast-check';
import { hostileValue, mutated } from './mutate';

/** One request body and its content type (`undefined`: no header). */
export interface HostileBody {
  readonly contentType: string | undefined;
  readonly body: Uint8Array;
  /** What kind of attack it is, for failure messages. */
  readonly kind: string;
}

const encoder = new TextEncoder();
const MB = 1024 * 1024;

const contentType = fc.constantFrom<string | undefined>(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  '*/*; q=garbage',
  undefined,
);

function invalidUtf8(text: string, bytes: readonly number[]): Uint8Array {
  const encoded = encoder.encode(text);
  const cut = Math.floor(encoded.length / 2);
  return Uint8Array.from([...encoded.subarray(0, cut), ...bytes, ...encoded.subarray(cut)]);
}

/** Bodies built from `valid`, a body the target accepts. */
export function hostileBody(valid: unknown): fc.Arbitrary<HostileBody> {
  const json = (kind: string) => (value: unknown) => ({
    kind,
    text: JSON.stringify(value) ?? 'null',
  });
  const text = fc.oneof(
    { weight: 8, arbitrary: mutated(valid).map(json('mutated')) },
    { weight: 3, arbitrary: fc.jsonValue().map(json('arbitrary JSON')) },
    { weight: 2, arbitrary: hostileValue.map(json('hostile value')) },
    {
      weight: 1,
      arbitrary: fc
        .string({ unit: 'binary', maxLength: 64 })
        .map((t) => ({ kind: 'random text', text: t })),
    },
    {
      weight: 1,
      arbitrary: fc
        .nat(JSON.stringify(valid).length)
        .map((n) => ({ kind: 'truncated JSON', text: JSON.stringify(valid).slice(0, n) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1_000, max: 20_000 })
        .map((n) => ({ kind: 'deep nesting', text: `${'['.repeat(n)}${']'.repeat(n)}` })),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1_000, max: 20_000 })
        .map((n) => ({ kind: 'deep object', text: `${'{"a":'.repeat(n)}1${'}'.repeat(n)}` })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'empty', text: '' }) },
  );
  const asBytes = fc.tuple(text, contentType).map(([{ kind, text: t }, type]) => ({
    kind,
    contentType: type,
    body: encoder.encode(t),
  }));
  const badUtf8 = fc
    .tuple(
      fc.constantFrom(
        [0xff],
        [0xc3],
        [0xe2, 0x82],
        [0xed, 0xa0, 0x80],
        [0xf8, 0x88, 0x80, 0x80, 0x80],
        [0xc0, 0xaf],
      ),
      contentType,
    )
    .map(([bytes, type]) => ({
      kind: 'invalid UTF-8',
      contentType: type,
      body: invalidUtf8(JSON.stringify(valid), bytes),
    }));
  const huge = fc.constantFrom(
    {
      kind: '1 MB string field',
      contentType: 'application/json',
      body: encoder.encode(JSON.stringify({ ...(valid as object), pad: 'x'.repeat(MB) })),
    },
    { kind: '1 MB of zeros', contentType: 'application/json', body: new Uint8Array(MB) },
  );
  return fc.oneof(
    { weight: 400, arbitrary: asBytes },
    { weight: 40, arbitrary: badUtf8 },
    { weight: 1, arbitrary: huge },
  );
}
