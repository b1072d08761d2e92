/**
 * How long the gateway remembers a merchant payment's operationId for `DuplicatedOperation`.
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
 * The merchant payment operationIds the gateway has seen, as `Set`-like keys (`clientId NUL
 * operationId`), within a window: a key is remembered for `window.seconds` of sandbox time after
 * its use and among the latest `window.operationIds` keys; older ones are forgotten (a payment may
 * use them again). Inside the window the duplicate rule holds exactly. Memory stays bounded however
 * long the sandbox runs: each `add` drops what fell out of the window.
 *
 * @example
 * ```ts
 * const seen = new SeenOperationIds({ operationIds: 100_000, seconds: 86_400 }, () => clock.now());
 * if (seen.has(key)) return duplicated();
 * seen.add(key);
 * ```
 */
export class SeenOperationIds {
  // Insertion order is use order, and sandbox time never goes back: the oldest key is first.
  readonly #usedAt = new Map<string, number>();
  readonly #windowMs: number;

  constructor(
    private readonly window: OperationIdWindow,
    private readonly now: () => number,
  ) {
    this.#windowMs = window.seconds * 1000;
  }

  /** True when `key` was used inside the window. */
  has(key: string): boolean {
    const usedAt = this.#usedAt.get(key);
    return usedAt !== undefined && usedAt + this.#windowMs > this.now();
  }

  /** Remembers `key` as used now, and forgets what fell out of the window. */
  add(key: string): void {
    const now = this.now();
    // A key used again after it was forgotten moves to the end, where its new time belongs.
    this.#usedAt.delete(key);
    this.#usedAt.set(key, now);
    this.prune(now);
  }

  /** Forgets the keys used more than `window.seconds` before `now`, and those past the count. */
  prune(now: number): void {
    let excess = this.#usedAt.size - this.window.operationIds;
    for (const [key, usedAt] of this.#usedAt) {
      if (excess <= 0 && usedAt + this.#windowMs > now) return;
      this.#usedAt.delete(key);
      excess--;
    }
  }

  /** Keys remembered (for tests and diagnostics). */
  get size(): number {
    return this.#usedAt.size;
  }
}
