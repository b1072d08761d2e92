import type { Operation } from './Operation';

/**
 * Where acquires are kept, unique per developer and operationId. `reserve` is synchronous so a
 * request can claim its operationId before any `await`: of concurrent duplicates exactly one
 * gets `true`.
 */
export interface OperationRepository {
  /** Claims the id; false when it is already claimed or stored. */
  reserve(clientId: string, operationId: string): boolean;
  /** Gives a claimed id back (the request was refused before anything happened). */
  release(clientId: string, operationId: string): void;
  /** Stores the operation (its id must be claimed). */
  save(operation: Operation): void;
  get(clientId: string, operationId: string): Operation | undefined;
  list(): Operation[];
}

const key = (clientId: string, operationId: string) => `${clientId}\u0000${operationId}`;

/**
 * Operations in a `Map`.
 *
 * @example
 * ```ts
 * const operations = memoryOperationRepository();
 * if (!operations.reserve(clientId, operationId)) throw duplicate();
 * ```
 */
export function memoryOperationRepository(): OperationRepository {
  const claimed = new Set<string>();
  const stored = new Map<string, Operation>();
  return {
    reserve(clientId, operationId) {
      const k = key(clientId, operationId);
      if (claimed.has(k)) return false;
      claimed.add(k);
      return true;
    },
    release(clientId, operationId) {
      const k = key(clientId, operationId);
      if (!stored.has(k)) claimed.delete(k);
    },
    save(operation) {
      const k = key(operation.clientId, operation.operationId);
      claimed.add(k);
      stored.set(k, operation);
    },
    get: (clientId, operationId) => stored.get(key(clientId, operationId)),
    list: () => [...stored.values()],
  };
}
