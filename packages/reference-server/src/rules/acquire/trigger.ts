import type { AcquireErrorCode } from '@ussdkit/protocol';

/** Error codes a `fail-<CODE>` or `reject-<CODE>` beneficiary id can ask for. */
export const triggerErrorCodes = [
  'INTERNAL',
  'INVALID_AMOUNT',
  'UNKNOWN_SKU',
  'INVALID_BENEFICIARY_ID',
  'UNSPECIFIED',
] as const satisfies readonly AcquireErrorCode[];
export type TriggerErrorCode = (typeof triggerErrorCodes)[number];

/** `rawErrorCode` answered with each triggered failure (made-up provider codes). */
export const rawErrorCodes: Record<TriggerErrorCode, string> = {
  INTERNAL: '10',
  INVALID_AMOUNT: '21',
  UNKNOWN_SKU: '22',
  INVALID_BENEFICIARY_ID: '23',
  UNSPECIFIED: '99',
};

/** What an acquire's beneficiary id asks the sandbox to do (see `docs/reference-server.md`). */
export type Trigger =
  | { readonly kind: 'none' }
  | { readonly kind: 'fail'; readonly error: TriggerErrorCode }
  | { readonly kind: 'reject'; readonly error: TriggerErrorCode }
  | { readonly kind: 'unknown'; readonly final: 'SUCCESS' | 'FAILURE' }
  | { readonly kind: 'slow' };

const isCode = (code: string): code is TriggerErrorCode =>
  (triggerErrorCodes as readonly string[]).includes(code);

/**
 * Reads the test trigger in a beneficiary id: `fail-<CODE>`, `reject-<CODE>`, `unknown-success`,
 * `unknown-failure`, `slow`; anything else is `none` (the acquire succeeds).
 *
 * @example
 * ```ts
 * parseTrigger('fail-INTERNAL'); // { kind: 'fail', error: 'INTERNAL' }
 * ```
 */
export function parseTrigger(beneficiaryId: string): Trigger {
  if (beneficiaryId === 'slow') return { kind: 'slow' };
  if (beneficiaryId === 'unknown-success') return { kind: 'unknown', final: 'SUCCESS' };
  if (beneficiaryId === 'unknown-failure') return { kind: 'unknown', final: 'FAILURE' };
  const match = /^(fail|reject)-(.+)$/.exec(beneficiaryId);
  if (match?.[1] && match[2] && isCode(match[2])) {
    return { kind: match[1] === 'fail' ? 'fail' : 'reject', error: match[2] };
  }
  return { kind: 'none' };
}
