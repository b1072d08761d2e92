import type { Clock, TimerHandle } from '../../core/Clock';

/**
 * The gateway's timers on the sandbox clock (session Timeouts, bank waits, late settlements), so
 * that closing the gateway cancels them all. A timer leaves the set when it runs or is cancelled:
 * every ended session cancels its Timeout, and the set would otherwise grow with each session.
 *
 * @example
 * ```ts
 * const timers = new GatewayTimers(clock, signal);
 * const timeout = timers.later(120_000, () => closeWithTimeout());
 * timeout.cancel();
 * ```
 */
export class GatewayTimers {
  readonly #timers = new Set<TimerHandle>();

  constructor(
    private readonly clock: Clock,
    /** Once aborted (the gateway closes), due timers do nothing. */
    private readonly signal: AbortSignal,
  ) {}

  /** Runs `task` after `delayMs` of sandbox time unless the gateway closes first. */
  later(delayMs: number, task: () => void | Promise<void>): TimerHandle {
    const handle = this.clock.schedule(delayMs, () => {
      this.#timers.delete(tracked);
      if (this.signal.aborted) return;
      return task();
    });
    const tracked: TimerHandle = {
      cancel: () => {
        this.#timers.delete(tracked);
        handle.cancel();
      },
    };
    this.#timers.add(tracked);
    return tracked;
  }

  /** Cancels every timer. */
  cancelAll(): void {
    for (const timer of this.#timers) timer.cancel();
    this.#timers.clear();
  }

  /** Timers armed and not yet run or cancelled (for tests and diagnostics). */
  get size(): number {
    return this.#timers.size;
  }
}
