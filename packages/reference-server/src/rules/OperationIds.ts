/**
 * One developer's operationIds across every kind of operation: acquires (both flows),
 * `POST /merchant/payment`, and the merchant payment and embedded processes apps start in a
 * session. Spec, abort reasons: "DuplicatedOperation: … an operation (e.g. merchant payment) was
 * previously invoked with that identifier", so an id used by one kind is refused to every other
 * (docs/decisions/0033-one-operation-id-namespace.md). `claim` is synchronous: of concurrent
 * claims of one id exactly one succeeds.
 *
 * @example
 * ```ts
 * const ids = createOperationIds();
 * ids.claim('demo-client', 'op-1'); // true
 * ids.claim('demo-client', 'op-1'); // false: a second operation may not use it
 * ```
 */
export interface OperationIds {
  /** Claims the id for an operation; false when the developer already used it. */
  claim(clientId: string, operationId: string): boolean;
  /** Whether the developer used the id (and it was not released since). */
  has(clientId: string, operationId: string): boolean;
  /** Gives the id back: the operation was refused before it began, or is forgotten. */
  release(clientId: string, operationId: string): void;
  /** Ids claimed (for tests and diagnostics). */
  readonly size: number;
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
 * The namespace in a `Set`, optionally with ids already claimed (as {@link operationKey}s).
 *
 * @example
 * ```ts
 * const ids = createOperationIds();
 * if (!ids.claim(clientId, operationId)) throw duplicate(operationId);
 * ```
 */
export function createOperationIds(claimed: Iterable<string> = []): OperationIds {
  const keys = new Set(claimed);
  return {
    claim(clientId, operationId) {
      const key = operationKey(clientId, operationId);
      if (keys.has(key)) return false;
      keys.add(key);
      return true;
    },
    has: (clientId, operationId) => keys.has(operationKey(clientId, operationId)),
    release(clientId, operationId) {
      keys.delete(operationKey(clientId, operationId));
    },
    get size() {
      return keys.size;
    },
  };
}
