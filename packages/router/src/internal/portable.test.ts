import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stableHash } from './compile/stableHash';
import { constantTimeEqual } from './door/constantTimeEqual';
import { utf8Length } from './door/utf8Length';

describe('the router core without node:crypto or Buffer', () => {
  it('utf8Length gives what Buffer.byteLength gives, for any text (lone surrogates included)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
      }),
      { numRuns: 500 },
    );
    expect(utf8Length('\ud800')).toBe(3);
    expect(utf8Length('ɗ€😀')).toBe(2 + 3 + 4);
  });

  it('constantTimeEqual is equality, whatever the lengths', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(constantTimeEqual(a, b)).toBe(a === b);
        expect(constantTimeEqual(b, b)).toBe(true);
      }),
      { numRuns: 500 },
    );
    expect(constantTimeEqual('', 'token')).toBe(false);
    expect(constantTimeEqual('token', '')).toBe(false);
    expect(constantTimeEqual('tok', 'toktok')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
  });

  it('stableHash is stable, and tells texts that differ by one character apart', () => {
    expect(stableHash('{"a":1}')).toBe(stableHash('{"a":1}'));
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i += 1) seen.add(stableHash(`{"value":"${i}"}`));
    expect(seen.size).toBe(20_000);
    expect(stableHash('ab')).not.toBe(stableHash('ba'));
    expect(stableHash('')).toMatch(/^[0-9a-f]{28}$/);
  });

  it('stableHash gives the digests it always gave: a stored flow version must not change with a release', () => {
    // Pinned from the first implementation (`Number#toString(16)` of each 53-bit lane).
    expect(stableHash('')).toBe('10c329583afc3b0dc0cfa5aed872');
    expect(stableHash('{"a":1}')).toBe('1b351f2869120b0ce047c2cdc2d2');
    expect(stableHash('ünï☃𝄞')).toBe('17c26399a37f081ce1c908af21a8');
  });
});
