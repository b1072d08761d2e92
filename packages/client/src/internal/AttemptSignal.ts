import { EventEmitter } from 'node:events';

/**
 * One attempt's abort signal: fires `abort` when `timeoutMs` passes or the caller's signal
 * aborts. An `EventEmitter`, which undici's `request()` takes as its `signal` (documented): far
 * cheaper per call than an `AbortController` plus `AbortSignal.any`, whose creation and listener
 * bookkeeping the profile showed as the undici path's largest own cost. The fetch sender asks
 * for a real {@link AbortSignal} with {@link AttemptSignal.toAbortSignal}.
 */
export class AttemptSignal extends EventEmitter {
  /** Read by undici, as on an `AbortSignal`. */
  aborted = false;
  /** Why it aborted: the caller's reason, or a `TimeoutError` DOMException. */
  reason: unknown;
  /** Whether the attempt's time ran out (rather than the caller aborting). */
  timedOut = false;
  readonly #timer: NodeJS.Timeout;
  readonly #caller: AbortSignal | undefined;
  readonly #onCallerAbort: (() => void) | undefined;

  constructor(timeoutMs: number, caller: AbortSignal | undefined) {
    super();
    this.#timer = setTimeout(() => {
      this.timedOut = true;
      this.#abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError'));
    }, timeoutMs);
    this.#caller = caller;
    if (caller !== undefined) {
      this.#onCallerAbort = () => this.#abort(caller.reason);
      caller.addEventListener('abort', this.#onCallerAbort, { once: true });
    }
  }

  /** An `AbortSignal` that aborts with this one (for `fetch`). */
  toAbortSignal(): AbortSignal {
    const controller = new AbortController();
    if (this.aborted) controller.abort(this.reason);
    else this.once('abort', () => controller.abort(this.reason));
    return controller.signal;
  }

  /** Stops the timer and lets go of the caller's signal; call once the attempt is over. */
  dispose(): void {
    clearTimeout(this.#timer);
    if (this.#onCallerAbort !== undefined) {
      this.#caller?.removeEventListener('abort', this.#onCallerAbort);
    }
  }

  #abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.emit('abort');
  }
}
