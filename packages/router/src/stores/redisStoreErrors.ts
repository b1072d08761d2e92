/**
 * A session store could not be reached (for Redis: connection lost, refused or too slow). The
 * router answers the event with its safe error view; the session is intact once the store is back.
 *
 * @example
 * ```ts
 * onError: (error) => { if (error instanceof StoreUnavailableError) alertOps(error.message); }
 * ```
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  readonly code = 'STORE_UNAVAILABLE';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * Another event of the same session held the lock for longer than the store waits
 * (`lockWaitMs`). Usually a handler far slower than the per-event deadline.
 *
 * @example
 * ```ts
 * if (error instanceof SessionLockTimeoutError) console.warn(error.sessionId);
 * ```
 */
export class SessionLockTimeoutError extends Error {
  override readonly name = 'SessionLockTimeoutError';
  readonly code = 'SESSION_LOCK_TIMEOUT';

  constructor(
    readonly sessionId: string,
    readonly waitedMs: number,
  ) {
    super(`session ${sessionId} stayed locked by another event for ${waitedMs} ms`);
  }
}
