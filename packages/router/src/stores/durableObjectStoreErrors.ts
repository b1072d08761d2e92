/**
 * An event outlived its session lock (its Worker could not renew the lease in time, so another
 * event of the session took the lock over), and the store refused its write rather than let it
 * overwrite the newer event's. Nothing of the late event was saved; the customer sees
 * `messages.unavailable` for it.
 *
 * @example
 * ```ts
 * onError: (error) => { if (error instanceof SessionLockLostError) console.warn(error.sessionId); }
 * ```
 */
export class SessionLockLostError extends Error {
  override readonly name = 'SessionLockLostError';
  readonly code = 'SESSION_LOCK_LOST';

  constructor(readonly sessionId: string) {
    super(`session ${sessionId}: the lock was taken over by another event; nothing was saved`);
  }
}
