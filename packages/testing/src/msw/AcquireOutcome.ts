import type { AcquireErrorCode } from '@ussdkit/protocol';
import { type AcquireOptions, parseTrigger } from '@ussdkit/reference-server/rules';

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

/**
 * Reads an outcome from a trigger text (a beneficiary id), with the sandbox's own trigger
 * parser (`parseTrigger` of `@ussdkit/reference-server/rules`); undefined when it is none.
 *
 * @example
 * ```ts
 * parseOutcome('fail-INTERNAL'); // 'fail-INTERNAL'
 * ```
 */
export function parseOutcome(text: string): AcquireOutcome | undefined {
  if (text === 'success') return text;
  const trigger = parseTrigger(text);
  switch (trigger.kind) {
    case 'none':
      return undefined;
    case 'slow':
      return 'slow';
    case 'unknown':
      return trigger.final === 'SUCCESS' ? 'unknown-success' : 'unknown-failure';
    default:
      return `${trigger.kind}-${trigger.error}`;
  }
}

/**
 * Which acquires an outcome is for: the one with this operationId, or those for this beneficiary.
 *
 * @example
 * ```ts
 * handlers.service.setOutcome({ beneficiaryId: '08031234567' }, 'slow');
 * ```
 */
export type OutcomeKey = { readonly operationId: string } | { readonly beneficiaryId: string };

/**
 * How the sandbox's rules run an acquire whose outcome a test set: its trigger, and the
 * beneficiary check skipped (as a trigger skips it).
 *
 * @example
 * ```ts
 * outcomeOptions('fail-INTERNAL'); // { trigger: { kind: 'fail', error: 'INTERNAL' }, trustBeneficiary: true }
 * ```
 */
export function outcomeOptions(outcome: AcquireOutcome): AcquireOptions {
  const trigger = outcome === 'success' ? { kind: 'none' as const } : parseTrigger(outcome);
  return { trigger, trustBeneficiary: true };
}
