import type { Clock, TimerHandle } from './Clock';

interface Task {
  readonly due: number;
  readonly seq: number;
  readonly run: () => void | Promise<void>;
  cancelled: boolean;
}

/** Options of {@link SandboxClock}. */
export interface SandboxClockOptions {
  /**
   * Called with anything a scheduled task throws (tasks never break the clock).
   * @defaultValue ignores the error
   */
  readonly onTaskError?: (error: unknown) => void;
  /**
   * Real time source, in milliseconds since the epoch.
   * @defaultValue `Date.now`
   */
  readonly realNow?: () => number;
  /**
   * A mock's clock: sandbox time starts at the real time and moves only with
   * {@link SandboxClock.advance}; no real-time timer is armed (the msw handlers' clock).
   * @defaultValue false
   */
  readonly manual?: boolean;
}

/** setTimeout cannot wait longer than about 24.8 days; longer waits re-arm. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The sandbox's clock: real time plus an offset that {@link SandboxClock.advance} moves forward.
 * Scheduled tasks run when sandbox time reaches them, either because real time passed or because
 * of an advance. Tasks run one at a time, in due order, each awaited before the next.
 *
 * @example
 * ```ts
 * const clock = new SandboxClock();
 * clock.schedule(120_000, () => console.log('two minutes later'));
 * await clock.advance(120); // logs, then resolves with the new now()
 * ```
 */
export class SandboxClock implements Clock {
  #offsetMs = 0;
  #seq = 0;
  #tasks: Task[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #draining: Promise<void> = Promise.resolve();
  #closed = false;
  readonly #onTaskError: (error: unknown) => void;
  readonly #realNow: () => number;
  readonly #manual: boolean;

  constructor(options: SandboxClockOptions = {}) {
    this.#onTaskError = options.onTaskError ?? (() => {});
    this.#manual = options.manual === true;
    const realNow = options.realNow ?? Date.now;
    const startedAt = realNow();
    this.#realNow = this.#manual ? () => startedAt : realNow;
  }

  /** Milliseconds since the epoch, in sandbox time. */
  now(): number {
    return this.#realNow() + this.#offsetMs;
  }

  /** Runs `task` once sandbox time reaches `now() + delayMs`. */
  schedule(delayMs: number, task: () => void | Promise<void>): TimerHandle {
    const entry: Task = {
      due: this.now() + Math.max(0, delayMs),
      seq: this.#seq++,
      run: task,
      cancelled: false,
    };
    if (!this.#closed) {
      // Binary insertion keeps the queue ordered by (due, seq) in O(log n) comparisons; sorting
      // the whole queue on every schedule made opening n sessions cost O(n^2).
      const index = this.#after(entry.due);
      this.#tasks.splice(index, 0, entry);
      if (index === 0 || this.#timer === undefined) this.#arm();
    }
    return {
      cancel: () => {
        entry.cancelled = true;
        const index = this.#tasks.indexOf(entry, this.#before(entry.due));
        if (index >= 0) this.#tasks.splice(index, 1);
      },
    };
  }

  /**
   * Moves sandbox time forward by `seconds`, running every task that falls due on the way (also
   * those that tasks schedule while it runs, when they are due too), in due order, awaiting each.
   * Time steps to each task's due time before it runs, so a task sees its own time and what it
   * schedules is counted from there. Resolves with the new `now()` in milliseconds.
   */
  async advance(seconds: number): Promise<number> {
    if (!Number.isFinite(seconds) || seconds < 0) {
      throw new RangeError(`seconds must be a finite number >= 0, got ${seconds}`);
    }
    const ms = seconds * 1000;
    this.#draining = this.#draining.then(() => this.#advanceTo(this.now() + ms));
    await this.#draining;
    return this.now();
  }

  /** Number of tasks waiting (for tests and diagnostics). */
  get pending(): number {
    return this.#tasks.length;
  }

  /** Cancels every task and timer; later schedules are ignored. */
  close(): void {
    this.#closed = true;
    this.#tasks = [];
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #drain(): Promise<void> {
    this.#draining = this.#draining.then(() => this.#runDue());
    return this.#draining;
  }

  async #advanceTo(target: number): Promise<void> {
    for (;;) {
      const next = this.#tasks[0];
      if (next === undefined || next.due > target) break;
      const ahead = next.due - this.now();
      if (ahead > 0) this.#offsetMs += ahead;
      await this.#runDue();
    }
    const rest = target - this.now();
    if (rest > 0) this.#offsetMs += rest;
    await this.#runDue();
  }

  async #runDue(): Promise<void> {
    for (;;) {
      const next = this.#tasks[0];
      if (next === undefined || next.due > this.now()) break;
      this.#tasks.shift();
      if (next.cancelled) continue;
      try {
        await next.run();
      } catch (error) {
        this.#onTaskError(error);
      }
    }
    this.#arm();
  }

  /** The index of the first task due after `due` (tasks due at `due` keep their order). */
  #after(due: number): number {
    let low = 0;
    let high = this.#tasks.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.#tasks[mid] as Task).due <= due) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The index of the first task due at or after `due`. */
  #before(due: number): number {
    let low = 0;
    let high = this.#tasks.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.#tasks[mid] as Task).due < due) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  #arm(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    const next = this.#tasks[0];
    if (next === undefined || this.#closed || this.#manual) return;
    const wait = Math.min(Math.max(0, next.due - this.now()), MAX_TIMER_MS);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#drain();
    }, wait);
    this.#timer.unref?.();
  }
}
