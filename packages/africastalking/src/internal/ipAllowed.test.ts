import { describe, expect, it } from 'vitest';
import { ipAllowed } from './ipAllowed';

describe('ipAllowed', () => {
  const allowed = ['196.201.214.0/24', '52.48.80.10', '2001:db8::1'];

  it.each([
    ['196.201.214.0', true],
    ['196.201.214.255', true],
    ['::ffff:196.201.214.7', true],
    ['52.48.80.10', true],
    ['2001:DB8::1', true],
    ['196.201.215.1', false],
    ['52.48.80.11', false],
    ['2001:db8::2', false],
    ['not an address', false],
  ])('%s: %s', (address, expected) => {
    expect(ipAllowed(address, allowed)).toBe(expected);
  });

  it('reads /0 and /32, and ignores malformed ranges', () => {
    expect(ipAllowed('8.8.8.8', ['0.0.0.0/0'])).toBe(true);
    expect(ipAllowed('8.8.8.8', ['8.8.8.8/32'])).toBe(true);
    expect(ipAllowed('8.8.8.9', ['8.8.8.8/32'])).toBe(false);
    expect(ipAllowed('8.8.8.8', ['8.8.8.0/33', '8.8.8.0/x', '300.1.1.1/8'])).toBe(false);
  });
});
