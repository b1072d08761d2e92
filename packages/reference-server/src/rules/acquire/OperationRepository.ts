import { createOperationIds, type OperationIds, operationKey } from '../OperationIds';
import type { AcquireOperation } from './AcquireOperation';

export { operationKey } from '../OperationIds';

/**
 * Where acquires are kept, unique per developer and operationId. `reserve` is synchronous so a
 * request can claim its operationId before any `await`: of concurrent duplicates exactly one
 * gets `true`.
 *
 * @example
 * ```ts
 * if (!operations.reserve(clientId, operationId)) throw duplicate(operationId);
 * ```
 */
export interface OperationRepository {
  /** Claims the id; false when it is already claimed or stored. */
  reserve(clientId: string, operationId: string): boolean;
  /** Gives a claimed id back (the request was refused before anything happened). */
  release(clientId: string, operationId: string): void;
  /** Stores the operation (its id must be claimed). */
  save(operation: AcquireOperation): void;
  get(clientId: string, operationId: string): AcquireOperation | undefined;
  /** Forgets a stored operation and its id (the history dropped it): the id may be used again. */
  forget(clientId: string, operationId: string): void;
  list(): AcquireOperation[];
}

/**
 * Operations in a `Map` (`stored`, keyed by {@link operationKey}; give one to read it elsewhere),
 * their ids claimed in `ids`, the developer's one namespace of operationIds (give the one the
 * merchant payments and the gateway's processes share).
 *
 * @example
 * ```ts
 * const operations = memoryOperationRepository();
 * if (!operations.reserve(clientId, operationId)) throw duplicate();
 * ```
 */
export function memoryOperationRepository(
  stored: Map<string, AcquireOperation> = new Map(),
  ids: OperationIds = createOperationIds(),
): OperationRepository {
  for (const operation of stored.values()) ids.claim(operation.clientId, operation.operationId);
  return {
    reserve: (clientId, operationId) => ids.claim(clientId, operationId),
    release(clientId, operationId) {
      if (!stored.has(operationKey(clientId, operationId))) ids.release(clientId, operationId);
    },
    save(operation) {
      ids.claim(operation.clientId, operation.operationId);
      stored.set(operationKey(operation.clientId, operation.operationId), operation);
    },
    get: (clientId, operationId) => stored.get(operationKey(clientId, operationId)),
    forget(clientId, operationId) {
      stored.delete(operationKey(clientId, operationId));
      ids.release(clientId, operationId);
    },
    list: () => [...stored.values()],
  };
}
