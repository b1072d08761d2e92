import { type AcquireCallback, acquireCallbackBody } from '@ussdkit/protocol';
import type { AcquireOperation } from './AcquireOperation';

/**
 * The callback body of an acquire in its current state: the protocol's writer
 * (`acquireCallbackBody`), the one implementation of the spec's callback body, given the
 * sandbox's operation.
 *
 * @example
 * ```ts
 * acquireCallback(operation);
 * // { clientId, operationId, operation: 'acquire', status: { result: 'failure', cause: 'internal' },
 * //   acquire: { reference: 'REF-…', transactionId: '…' } }
 * ```
 */
export function acquireCallback(operation: AcquireOperation): AcquireCallback {
  return acquireCallbackBody(operation);
}
