import type { AcquireOperation } from './AcquireOperation';

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
 * The key of an operation: developer and operationId.
 *
 * @example
 * ```ts
 * operations.get(operationKey('demo-client', 'op-1'));
 * ```
 */
export function operationKey(clientId: string, operationId: string): string {
  return `${clientId}\u0000${operationId}`;
}

/**
 * Operations in a `Map` (`stored`, keyed by {@link operationKey}; give one to read it elsewhere).
 *
 * @example
 * ```ts
 * const operations = memoryOperationRepository();
 * if (!operations.reserve(clientId, operationId)) throw duplicate();
 * ```
 */
export function memoryOperationRepository(
  stored: Map<string, AcquireOperation> = new Map(),
): OperationRepository {
  const claimed = new Set<string>(stored.keys());
  return {
    reserve(clientId, operationId) {
      const k = operationKey(clientId, operationId);
      if (claimed.has(k)) return false;
      claimed.add(k);
      return true;
    },
    release(clientId, operationId) {
      const k = operationKey(clientId, operationId);
      if (!stored.has(k)) claimed.delete(k);
    },
    save(operation) {
      const k = operationKey(operation.clientId, operation.operationId);
      claimed.add(k);
      stored.set(k, operation);
    },
    get: (clientId, operationId) => stored.get(operationKey(clientId, operationId)),
    forget(clientId, operationId) {
      const k = operationKey(clientId, operationId);
      stored.delete(k);
      claimed.delete(k);
    },
    list: () => [...stored.values()],
  };
}
