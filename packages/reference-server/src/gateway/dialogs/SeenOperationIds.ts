import { createOperationIds, type OperationIds } from '../../rules/OperationIds';

/**
 * How long the gateway keeps the operationIds of the processes apps start in a session.
 *
 * @example
 * ```ts
 * const window: OperationIdWindow = { operationIds: 100_000, seconds: 86_400 };
 * ```
 */
export interface OperationIdWindow {
  /** operationIds remembered at most, the latest to be used. */
  readonly operationIds: number;
  /** Sandbox seconds an operationId is remembered after its use. */
  readonly seconds: number;
}

/**
 * The operationIds the processes of sessions claimed (merchant payments, embedded processes that
 * name one) in the developer's one namespace ({@link OperationIds}, shared with acquires and
 * `POST /merchant/payment`), within a window: an id is held for `window.seconds` of sandbox time
 * after its use and among the latest `window.operationIds`; an older one is given back to the
 * namespace (an operation may use it again). Inside the window the duplicate rule holds exactly,
 * and memory stays bounded however long the sandbox runs: each claim drops what fell out.
 *
 * @example
 * ```ts
 * const seen = new SeenOperationIds({ operationIds: 100_000, seconds: 86_400 }, () => clock.now(), rules.operationIds);
 * if (!seen.claim(clientId, operationId)) return duplicated();
 * ```
 */
export class SeenOperationIds {
  // Insertion order is use order, and sandbox time never goes back: the oldest id is first.
  readonly #usedAt = new Map<string, { clientId: string; operationId: string; at: number }>();
  readonly #windowMs: number;

  constructor(
    private readonly window: OperationIdWindow,
    private readonly now: () => number,
    private readonly ids: OperationIds = createOperationIds(),
  ) {
    this.#windowMs = window.seconds * 1000;
  }

  /** Claims the id for a process; false when the developer used it for any operation. */
  claim(clientId: string, operationId: string): boolean {
    const now = this.now();
    this.prune(now);
    if (!this.ids.claim(clientId, operationId)) return false;
    this.#usedAt.set(`${clientId}\u0000${operationId}`, { clientId, operationId, at: now });
    this.prune(now);
    return true;
  }

  /** Gives back an id claimed by a process that did not start after all. */
  release(clientId: string, operationId: string): void {
    this.#usedAt.delete(`${clientId}\u0000${operationId}`);
    this.ids.release(clientId, operationId);
  }

  /** Gives back the ids used more than `window.seconds` before `now`, and those past the count. */
  prune(now: number): void {
    let excess = this.#usedAt.size - this.window.operationIds;
    for (const [key, used] of this.#usedAt) {
      if (excess <= 0 && used.at + this.#windowMs > now) return;
      this.#usedAt.delete(key);
      this.ids.release(used.clientId, used.operationId);
      excess--;
    }
  }

  /** Ids held by processes (for tests and diagnostics). */
  get size(): number {
    return this.#usedAt.size;
  }
}
