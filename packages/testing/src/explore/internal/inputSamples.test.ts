import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inputSamples } from './inputSamples';

describe('inputSamples', () => {
  it('draws a number schema’s bounds and just outside them, through coerce and int', () => {
    const values = inputSamples(z.coerce.number().int().min(50).max(20_000));
    for (const value of ['49', '50', '51', '19999', '20000', '20001', '50.5']) {
      expect(values).toContain(value);
    }
  });

  it('draws string lengths around the bounds, enum options and the schema’s examples', () => {
    const pin = inputSamples(
      z
        .string()
        .length(4)
        .meta({ examples: ['4821'] }),
    );
    expect(pin.slice(0, 1)).toEqual(['4821']);
    expect(pin).toEqual(expect.arrayContaining(['111', '1111', '11111']));
    expect(inputSamples(z.enum(['yes', 'no']))).toEqual(expect.arrayContaining(['yes', 'no']));
    const piped = inputSamples(z.string().min(2).transform(Number).pipe(z.number()));
    expect(piped).toEqual(expect.arrayContaining(['1', '11']));
  });

  it('always adds empty, navigation keys, very long and non-ASCII values, then the extra ones, once each', () => {
    const values = inputSamples((value: string) => (value ? undefined : 'empty'), ['card-1', '']);
    expect(values).toEqual(
      expect.arrayContaining(['', '0', '00', '98', 'x'.repeat(160), 'é€漢字']),
    );
    expect(values.at(-1)).toBe('card-1');
    expect(new Set(values).size).toBe(values.length);
  });
});
