import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonicalJson';

describe('canonicalJson', () => {
  it('sorts keys at every level and leaves no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [true, null], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[true,null]},"b":1}',
    );
  });

  it('gives the same text for the same content in any key order, another for other content', () => {
    const one = { sessionId: 's', result: { type: 'InputResult', value: '5' }, contextData: 'h1' };
    const two = { contextData: 'h1', result: { value: '5', type: 'InputResult' }, sessionId: 's' };
    expect(canonicalJson(two)).toBe(canonicalJson(one));
    expect(canonicalJson({ ...two, result: { ...two.result, value: '6' } })).not.toBe(
      canonicalJson(one),
    );
  });

  it('writes strings and keys as JSON, and leaves out undefined members as JSON.stringify does', () => {
    const value = { 'we"ird\n': 'line\u0001"end"', gone: undefined, list: [undefined, 1] };
    expect(canonicalJson(value)).toBe(
      JSON.stringify({ list: [null, 1], 'we"ird\n': value['we"ird\n'] }),
    );
    expect(JSON.parse(canonicalJson(value))).toEqual({
      'we"ird\n': 'line\u0001"end"',
      list: [null, 1],
    });
  });

  it('writes every string exactly as JSON.stringify does (its fast path included)', () => {
    for (const text of [
      '',
      'plain',
      'é ü €',
      '😀',
      '\ud800',
      'a\udc00b',
      '\u2028',
      '"',
      '\\',
      '\u007f',
    ]) {
      expect(canonicalJson(text)).toBe(JSON.stringify(text));
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(canonicalJson({ [text]: text })).toBe(JSON.stringify({ [text]: text }));
      }),
    );
  });
});
