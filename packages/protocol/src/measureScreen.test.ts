import { describe, expect, it } from 'vitest';
import { isGsm7, measureScreen } from './measureScreen';

describe('measureScreen', () => {
  it('counts GSM 7-bit septets, escape characters as two', () => {
    expect(measureScreen('Hello')).toEqual({ encoding: 'GSM7', length: 5, limit: 182, fits: true });
    expect(measureScreen('€[]{}\\~^|').length).toBe(18);
    expect(measureScreen('Pay €5').length).toBe(7);
  });

  it('switches to UCS-2 when any character is outside GSM 7-bit', () => {
    expect(measureScreen('Ẹ káàbọ̀')).toMatchObject({ encoding: 'UCS2', limit: 80 });
    expect(measureScreen('ok 👍')).toEqual({ encoding: 'UCS2', length: 5, limit: 80, fits: true });
    expect(isGsm7('Ñandú è')).toBe(false);
    expect(isGsm7('Ñandu è')).toBe(true);
  });

  it('judges the fit at the limits, which are configurable', () => {
    expect(measureScreen('a'.repeat(182)).fits).toBe(true);
    expect(measureScreen('a'.repeat(183)).fits).toBe(false);
    expect(measureScreen('{'.repeat(91)).fits).toBe(true);
    expect(measureScreen('{'.repeat(92)).fits).toBe(false);
    expect(measureScreen('Ω'.repeat(10), { gsm7: 9 }).fits).toBe(false);
    expect(measureScreen('ā'.repeat(81)).fits).toBe(false);
    expect(measureScreen('ā'.repeat(81), { ucs2: 90 }).fits).toBe(true);
  });
});
