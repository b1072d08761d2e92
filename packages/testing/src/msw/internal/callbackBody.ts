import type { MockOperation } from '../MockRecords';

/** The acquire callback body of an operation in its current state (the reference server's shape). */
export function callbackBody(operation: MockOperation) {
  const base = {
    clientId: operation.clientId,
    operationId: operation.operationId,
    operation: 'acquire',
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
