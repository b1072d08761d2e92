import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashMsisdn } from './hashMsisdn';

describe('hashMsisdn', () => {
  it('is the HMAC-SHA-256 of the normalised number with the key, or its SHA-256 without one', async () => {
    const normalised = '+2348031234567';
    expect(await hashMsisdn('08031234567', 'secret')).toBe(
      createHmac('sha256', 'secret').update(normalised).digest('hex'),
    );
    expect(await hashMsisdn('234 803 123 4567')).toBe(
      createHash('sha256').update(normalised).digest('hex'),
    );
  });

  it('hashes every form of a number alike, and other keys otherwise', async () => {
    const forms = ['+2348031234567', '2348031234567', '08031234567', '8031234567'];
    const hashes = await Promise.all(forms.map((form) => hashMsisdn(form, 'k1')));
    expect(new Set(hashes).size).toBe(1);
    expect(await hashMsisdn('08031234567', 'k2')).not.toBe(hashes[0]);
  });

  it('hashes a number in no Nigerian form as it is', async () => {
    expect(await hashMsisdn('+447700900123')).toBe(
      createHash('sha256').update('+447700900123').digest('hex'),
    );
  });
});
