import type { HistoryRepository, StoredHistoryEntry } from './HistoryRepository';
import type { Operation } from './Operation';
import type { OperationRepository } from './OperationRepository';

/** An acquire, as the operation history lists it (its current state; times in seconds). */
export type AcquireEntry = Pick<
  Operation,
  | 'clientId'
  | 'operationId'
  | 'flow'
  | 'mode'
  | 'sku'
  | 'beneficiaryId'
  | 'msisdn'
  | 'amount'
  | 'status'
> & {
  readonly type: 'acquire';
  readonly error?: string;
  readonly transactionId?: string;
  readonly reference?: string;
  /** Seconds since the epoch, sandbox time: when the acquire arrived. */
  readonly at: number;
  readonly updatedAt: number;
};

/** One row of `GET /sandbox/history`. */
export type HistoryEntry = AcquireEntry | StoredHistoryEntry;

/**
 * The operation history: acquires (from the operations, in their current state), pushes and
 * billed sessions, oldest first, optionally of one developer.
 *
 * @example
 * ```ts
 * historyEntries(services, 'demo-client').filter((e) => e.type === 'session');
 * ```
 */
export function historyEntries(
  sources: { operations: OperationRepository; history: HistoryRepository },
  clientId?: string,
): HistoryEntry[] {
  const acquires = sources.operations.list().map(
    (op): AcquireEntry => ({
      type: 'acquire',
      clientId: op.clientId,
      operationId: op.operationId,
      flow: op.flow,
      mode: op.mode,
      sku: op.sku,
      beneficiaryId: op.beneficiaryId,
      msisdn: op.msisdn,
      amount: op.amount,
      status: op.status,
      ...(op.error === undefined ? {} : { error: op.error }),
      ...(op.transactionId === undefined ? {} : { transactionId: op.transactionId }),
      ...(op.reference === undefined ? {} : { reference: op.reference }),
      at: op.createdAt / 1000,
      updatedAt: op.updatedAt / 1000,
    }),
  );
  return [...acquires, ...sources.history.list()]
    .filter((entry) => clientId === undefined || entry.clientId === clientId)
    .sort((a, b) => a.at - b.at);
}
