import { describe, expect, it } from 'vitest';
import { ipAllowed } from './ipAllowed';

describe('ipAllowed', () => {
  const allowed = ['192.0.2.0/24', '198.51.100.10', '2001:db8::1'];

  it.each([
    ['192.0.2.0', true],
    ['192.0.2.255', true],
    ['::ffff:192.0.2.7', true],
    ['198.51.100.10', true],
    ['2001:DB8::1', true],
    ['192.0.3.1', false],
    ['198.51.100.11', false],
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
