import { z } from 'zod';

/** A string with at least one character. */
export const nonEmptyString = z.string().min(1);

/**
 * Naira amount as a JSON number with at most two decimals. Checked on the decimal text of the
 * number, because `x * 100 % 1` misjudges values such as 1.005 in binary floating point. In JSON
 * Schema the rule is `multipleOf: 0.01`, exact as the JSON Schema specification defines it (on
 * the number's decimal value); see docs/protocol.md for validators that divide binary floats.
 */
export const amount = z
  .number()
  .finite()
  .refine((value) => hasAtMostTwoDecimals(value), { message: 'must have at most two decimals' })
  .meta({ multipleOf: 0.01, description: 'Naira, at most two decimals.' });

export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const text = String(value);
  if (text.includes('e')) return Number.isInteger(value);
  const decimals = text.split('.')[1];
  return decimals === undefined || decimals.length <= 2;
}

/** A map of names to string values (process params, result params). */
export const stringMap = z.record(z.string(), z.string());
