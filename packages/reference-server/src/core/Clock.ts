/** A scheduled callback of a {@link Clock}. */
export interface TimerHandle {
  cancel(): void;
}

/**
 * The one source of time of the sandbox. Everything time-based (session timeouts, recovery-token
 * expiry, callback retries, billing) reads `now()` and schedules through `schedule()`, so tests
 * and `POST /sandbox/clock/advance` can move time forward.
 */
export interface Clock {
  /** Milliseconds since the epoch, in sandbox time. */
  now(): number;
  /** Runs `task` once sandbox time reaches `now() + delayMs` (by real time passing or an advance). */
  schedule(delayMs: number, task: () => void | Promise<void>): TimerHandle;
}
