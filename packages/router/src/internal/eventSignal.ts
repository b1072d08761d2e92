import { type DeadlineQueue, timedOut } from './DeadlineQueue';

/**
 * Runs an event's work under its deadline with the `ctx.signal` its handlers get: the signal is
 * aborted (a `TimeoutError` DOMException, as `AbortSignal.timeout` gives) when the deadline passes
 * first, so a slow backend call given the signal stops; a work that finished in time leaves it
 * as it was.
 */
export async function raceWithSignal<T>(
  deadlines: DeadlineQueue,
  deadlineMs: number,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T | typeof timedOut> {
  const controller = new AbortController();
  const result = await deadlines.race(work(controller.signal));
  if (result === timedOut) {
    controller.abort(
      new DOMException(`the event passed deadlineMs (${deadlineMs} ms)`, 'TimeoutError'),
    );
  }
  return result;
}
