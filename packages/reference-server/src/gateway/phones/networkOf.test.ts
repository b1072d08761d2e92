import { describe, expect, it } from 'vitest';
import { DEFAULT_NETWORK, networkOf } from './networkOf';

describe('networkOf', () => {
  it.each([
    ['08031234567', 'mtn'],
    ['07061234567', 'mtn'],
    ['09161234567', 'mtn'],
    ['08051234567', 'glo'],
    ['09151234567', 'glo'],
    ['08021234567', 'airtel'],
    ['09121234567', 'airtel'],
    ['08091234567', 'etisalat'],
    ['09091234567', 'etisalat'],
  ])('reads the network of %s from its prefix: %s', (msisdn, network) => {
    expect(networkOf(msisdn)).toBe(network);
  });

  it('gives a number the same network in each of the five upstream forms', () => {
    const forms = ['+2348051234567', '2348051234567', '+08051234567', '08051234567', '8051234567'];
    expect(forms.map(networkOf)).toEqual(forms.map(() => 'glo'));
  });

  it('falls back to the default network for an unknown prefix or an unreadable number', () => {
    expect(DEFAULT_NETWORK).toBe('mtn');
    expect(networkOf('08041234567')).toBe('mtn');
    expect(networkOf('not a number')).toBe('mtn');
  });
});
