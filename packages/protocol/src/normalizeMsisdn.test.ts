import { describe, expect, it } from 'vitest';
import { isMsisdn, MsisdnError, normalizeMsisdn } from './normalizeMsisdn';

describe('normalizeMsisdn', () => {
  it.each([
    '+2348031234567',
    '2348031234567',
    '08031234567',
    '+08031234567',
    '8031234567',
    '0803 123-4567',
  ])('normalises %s', (input) => {
    expect(normalizeMsisdn(input)).toBe('+2348031234567');
    expect(isMsisdn(input)).toBe(true);
  });

  it.each(['', '080312345', '+23480312345678', '+1 555 123 4567', 'abc', '080312345a7'])(
    'rejects %j',
    (input) => {
      expect(() => normalizeMsisdn(input)).toThrow(MsisdnError);
      expect(isMsisdn(input)).toBe(false);
    },
  );
});
