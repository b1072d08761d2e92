import type { AcquireCallback } from '@ussdkit/protocol';
import type { Operation } from './Operation';

/**
 * The callback body of an acquire in its current state: `success` with the acquire's
 * reference and transaction id, `failure` with the error code lower-cased as `cause`, or
 * `unknown`.
 *
 * @example
 * ```ts
 * acquireCallback(operation); // { clientId, operationId, operation: 'acquire', status: { result: 'success' }, acquire: {...} }
 * ```
 */
export function acquireCallback(operation: Operation): AcquireCallback {
  const base = {
    clientId: operation.clientId,
    operationId: operation.operationId,
    operation: 'acquire' as const,
  };
  switch (operation.status) {
    case 'SUCCESS':
      return {
        ...base,
        status: { result: 'success' },
        acquire: {
          reference: operation.reference ?? '',
          transactionId: operation.transactionId ?? '',
        },
      };
    case 'FAILURE':
      return {
        ...base,
        status: { result: 'failure', cause: (operation.error ?? 'UNSPECIFIED').toLowerCase() },
      };
    default:
      return { ...base, status: { result: 'unknown' } };
  }
}
