import { type DeadlineQueue, timedOut } from './DeadlineQueue';

/**
 * The `ctx.signal` of one event, made only when a handler reads it: most events never do, and an
 * `AbortController` per event was the largest single cost of the router's event in a profile
 * (about 2 µs of 24). Aborted once the event passes its deadline; read after that, it is
 * already aborted.
 */
export class EventSignal {
  #controller: AbortController | undefined;
  #reason: unknown;
  #aborted = false;

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }

  abort(reason: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    this.#controller?.abort(reason);
  }
}

/**
 * Runs an event's work under its deadline with the `ctx.signal` its handlers get: the signal is
 * aborted (a `TimeoutError` DOMException, as `AbortSignal.timeout` gives) when the deadline passes
 * first, so a slow backend call given the signal stops; a work that finished in time leaves it
 * as it was.
 */
export async function raceWithSignal<T>(
  deadlines: DeadlineQueue,
  deadlineMs: number,
  work: (signal: EventSignal) => Promise<T>,
): Promise<T | typeof timedOut> {
  const signal = new EventSignal();
  const result = await deadlines.race(work(signal));
  if (result === timedOut) {
    signal.abort(
      new DOMException(`the event passed deadlineMs (${deadlineMs} ms)`, 'TimeoutError'),
    );
  }
  return result;
}
