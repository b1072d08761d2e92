import type { AcquireErrorCode } from '@ussdkit/protocol';

/** Final or current state of an acquire. */
export type AcquireOperationStatus = 'SUCCESS' | 'FAILURE' | 'UNKNOWN';

/**
 * One acquire, from either flow, as the service records it. Times are milliseconds since the
 * epoch. `transactionId` and `reference` are given when the acquire is accepted (a refused one has
 * none); `settlement` is set while the result is UNKNOWN and says what it becomes, and when.
 *
 * @example
 * ```ts
 * if (operation.status === 'UNKNOWN' && operation.settlement) console.log(operation.settlement.at);
 * ```
 */
export interface AcquireOperation {
  readonly clientId: string;
  readonly operationId: string;
  readonly flow: 'product' | 'operator';
  readonly mode: 'sync' | 'async';
  readonly sku: string;
  readonly beneficiaryId: string;
  readonly msisdn: string;
  readonly amount: number;
  readonly createdAt: number;
  status: AcquireOperationStatus;
  error?: AcquireErrorCode | undefined;
  rawErrorCode?: string | undefined;
  transactionId?: string | undefined;
  reference?: string | undefined;
  /** When the last status was set. */
  updatedAt: number;
  settlement?: { readonly at: number; readonly status: 'SUCCESS' | 'FAILURE' } | undefined;
}
