import type { AcquireErrorCode } from '@ussdkit/protocol';

/** Error codes a triggered failure can carry (every acquire error but TIMEOUT). */
export type TriggerErrorCode = Exclude<AcquireErrorCode, 'TIMEOUT'>;

/**
 * How a mocked acquire ends, named like the reference server's beneficiary-id triggers:
 * - `success`: SUCCESS with a transactionId and reference;
 * - `fail-<CODE>`: sync FAILURE with that code; async INITIATED, then a `failure` callback;
 * - `reject-<CODE>`: FAILURE at once, no callback (sync and async);
 * - `unknown-success` / `unknown-failure`: UNKNOWN (async: an `unknown` callback) and, 30 s of
 *   mock time later, SUCCESS / FAILURE (INTERNAL);
 * - `slow`: sync UNKNOWN with error TIMEOUT; SUCCESS 30 s of mock time later.
 *
 * @example
 * ```ts
 * serviceHandlers({ outcomes: { byBeneficiaryId: { '08031234567': 'fail-INVALID_AMOUNT' } } });
 * ```
 */
export type AcquireOutcome =
  | 'success'
  | `fail-${TriggerErrorCode}`
  | `reject-${TriggerErrorCode}`
  | 'unknown-success'
  | 'unknown-failure'
  | 'slow';

const codes: readonly TriggerErrorCode[] = [
  'INTERNAL',
  'INVALID_AMOUNT',
  'UNKNOWN_SKU',
  'INVALID_BENEFICIARY_ID',
  'UNSPECIFIED',
];

const isCode = (code: string | undefined): code is TriggerErrorCode =>
  codes.some((item) => item === code);

/** Reads an outcome from a trigger text (a beneficiary id); undefined when it is none. */
export function parseOutcome(text: string): AcquireOutcome | undefined {
  if (text === 'success' || text === 'slow') return text;
  if (text === 'unknown-success' || text === 'unknown-failure') return text;
  const match = /^(fail|reject)-(.+)$/.exec(text);
  const code = match?.[2];
  if (match === null || !isCode(code)) return undefined;
  return match[1] === 'fail' ? `fail-${code}` : `reject-${code}`;
}
