import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cloneJson } from './cloneJson';

const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('cloneJson', () => {
  it('gives what a JSON round trip gives, for any JSON-like value', () => {
    const value = fc.oneof(
      fc.jsonValue(),
      fc.anything({ withNullPrototype: true, withObjectString: false }),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string(), value), (input) => {
        expect(cloneJson(input)).toStrictEqual(roundTrip(input));
      }),
      { numRuns: 500 },
    );
  });

  it('drops undefined keys, nulls non-finite numbers and holes, and copies deeply', () => {
    const source = { a: undefined, b: [undefined, Number.NaN, -0], c: { d: Infinity }, f: () => 1 };
    const copy = cloneJson(source);
    expect(copy).toStrictEqual({ b: [null, null, 0], c: { d: null } });
    expect(copy.b).not.toBe(source.b);
  });

  it('turns Dates and objects with toJSON into their JSON form, as the Redis store would', () => {
    const when = new Date('2026-01-02T03:04:05.000Z');
    expect(cloneJson({ when, money: { toJSON: () => '5 NGN' } })).toStrictEqual({
      when: '2026-01-02T03:04:05.000Z',
      money: '5 NGN',
    });
  });

  it('keeps a "__proto__" key as an own key instead of setting the prototype', () => {
    const source = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}') as object;
    const copy = cloneJson(source);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'x']);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(source));
  });

  it('throws on BigInt, as JSON.stringify does', () => {
    expect(() => cloneJson({ n: 1n })).toThrow(TypeError);
  });
});
