import type { AcquireCallback } from '@ussdkit/protocol';
import type { AcquireOperation } from './AcquireOperation';

/**
 * The callback body of an acquire in its current state. The spec's callback body carries the
 * operation's data under its name whatever the outcome ("for `acquire`: `reference`,
 * `transactionId`"); only `status` changes: `success`, `failure` with the error code lower-cased
 * as `cause` (`unspecified` when none), or `unknown`.
 *
 * @example
 * ```ts
 * acquireCallback(operation);
 * // { clientId, operationId, operation: 'acquire', status: { result: 'failure', cause: 'internal' },
 * //   acquire: { reference: 'REF-…', transactionId: '…' } }
 * ```
 */
export function acquireCallback(operation: AcquireOperation): AcquireCallback {
  const status: AcquireCallback['status'] =
    operation.status === 'SUCCESS'
      ? { result: 'success' }
      : operation.status === 'FAILURE'
        ? { result: 'failure', cause: (operation.error ?? 'UNSPECIFIED').toLowerCase() }
        : { result: 'unknown' };
  return {
    clientId: operation.clientId,
    operationId: operation.operationId,
    operation: 'acquire',
    status,
    acquire: {
      reference: operation.reference ?? '',
      transactionId: operation.transactionId ?? '',
    },
  };
}
