import type { AcquireErrorCode } from '@ussdkit/protocol';

/** Final or current state of an acquire. */
export type OperationStatus = 'SUCCESS' | 'FAILURE' | 'UNKNOWN';

/**
 * One acquire, from either flow, as the sandbox records it. `settlement` is set while the result
 * is UNKNOWN and says what it becomes, and when (sandbox ms).
 */
export interface Operation {
  readonly clientId: string;
  readonly operationId: string;
  readonly flow: 'product' | 'operator';
  readonly mode: 'sync' | 'async';
  readonly sku: string;
  readonly beneficiaryId: string;
  readonly msisdn: string;
  readonly amount: number;
  readonly createdAt: number;
  status: OperationStatus;
  error?: AcquireErrorCode | undefined;
  rawErrorCode?: string | undefined;
  transactionId?: string | undefined;
  reference?: string | undefined;
  /** When the last status was set (sandbox ms). */
  updatedAt: number;
  settlement?: { readonly at: number; readonly status: 'SUCCESS' | 'FAILURE' } | undefined;
}
