import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBase64url, toBase64url } from './base64url';

describe('base64url', () => {
  it("writes what Node's Buffer writes, and reads it back, for any bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 70_000 }), (bytes) => {
        const text = toBase64url(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64url'));
        expect(fromBase64url(text)).toEqual(bytes);
      }),
      { numRuns: 60 },
    );
  });

  it('reads nothing from a text that is not base64url', () => {
    expect(fromBase64url('abc+')).toBeUndefined();
    expect(fromBase64url('a b')).toBeUndefined();
    expect(fromBase64url('a')).toBeUndefined();
  });
});
