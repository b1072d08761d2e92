import { msisdnHasher } from '../internal/observe/msisdnHasher';

/**
 * The `ussd.msisdn.hash` that `openTelemetry({ msisdnKey })` puts on spans for a number: to find
 * one customer's sessions in traces without the number being in them.
 *
 * @example
 * ```ts
 * const hash = await hashMsisdn('08031234567', process.env.MSISDN_HASH_KEY);
 * ```
 */
export function hashMsisdn(msisdn: string, key?: string): Promise<string> {
  return msisdnHasher(key)(msisdn);
}
