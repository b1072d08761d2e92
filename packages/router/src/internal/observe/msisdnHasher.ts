import { isMsisdn, normalizeMsisdn } from '@ussdkit/protocol';

const encoder = new TextEncoder();

/**
 * A hasher of customers' numbers for telemetry: HMAC-SHA-256 with `key`, or a plain SHA-256
 * without one, as 64 hex digits, through Web Crypto. Numbers are normalised first
 * (`08031234567` and `+2348031234567` hash alike). Without a key anyone can recover a number
 * from its hash by hashing the ten billion possible ones: give a key, kept as a secret, in
 * production.
 */
export function msisdnHasher(key: string | undefined): (msisdn: string) => Promise<string> {
  let imported: ReturnType<typeof crypto.subtle.importKey> | undefined;
  return async (msisdn) => {
    const data = encoder.encode(isMsisdn(msisdn) ? normalizeMsisdn(msisdn) : msisdn);
    if (key === undefined) return hex(await crypto.subtle.digest('SHA-256', data));
    imported ??= crypto.subtle.importKey(
      'raw',
      encoder.encode(key),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    return hex(await crypto.subtle.sign('HMAC', await imported, data));
  };
}

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
