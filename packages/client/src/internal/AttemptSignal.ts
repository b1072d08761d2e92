/**
 * One attempt's abort signal: aborts when `timeoutMs` passes or the caller's signal aborts.
 * A plain object rather than an `AbortController` (plus `AbortSignal.any` with the caller's
 * signal), whose creation and listener bookkeeping the profile showed as the undici path's
 * largest own cost; and no `EventEmitter`, so it runs wherever `fetch` does. Each sender turns
 * it into what its wire takes: {@link AttemptSignal.toAbortSignal} for fetch, an `EventEmitter`
 * for undici (`internal/node/AbortEmitter.ts`).
 */
export class AttemptSignal {
  aborted = false;
  /** Why it aborted: the caller's reason, or a `TimeoutError` DOMException. */
  reason: unknown;
  /** Whether the attempt's time ran out (rather than the caller aborting). */
  timedOut = false;
  #listeners: (() => void)[] | undefined;
  readonly #timer: ReturnType<typeof setTimeout>;
  readonly #caller: AbortSignal | undefined;
  readonly #onCallerAbort: (() => void) | undefined;

  constructor(timeoutMs: number, caller: AbortSignal | undefined) {
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

  /** Calls `listener` once when the attempt aborts (at once if it already has). */
  onAbort(listener: () => void): void {
    if (this.aborted) {
      listener();
      return;
    }
    this.#listeners ??= [];
    this.#listeners.push(listener);
  }

  /** An `AbortSignal` that aborts with this one (for `fetch`). */
  toAbortSignal(): AbortSignal {
    const controller = new AbortController();
    this.onAbort(() => controller.abort(this.reason));
    return controller.signal;
  }

  /** Stops the timer and lets go of the caller's signal; call once the attempt is over. */
  dispose(): void {
    clearTimeout(this.#timer);
    this.#listeners = undefined;
    if (this.#onCallerAbort !== undefined) {
      this.#caller?.removeEventListener('abort', this.#onCallerAbort);
    }
  }

  #abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listeners = this.#listeners;
    this.#listeners = undefined;
    if (listeners !== undefined) for (const listener of listeners) listener();
  }
}
