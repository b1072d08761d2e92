/** First retry of an undelivered callback after 1 s, then doubling... */
export const FIRST_RETRY_MS = 1000;
/** ...capped at 10 minutes... */
export const MAX_RETRY_MS = 10 * 60 * 1000;
/** ...for 24 hours of service time after the first attempt. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The wait before attempt `attempt + 1`, after `attempt` failed: 1 s, 2 s, 4 s … capped at 10 min.
 *
 * @example
 * ```ts
 * retryDelayMs(3); // 4000
 * ```
 */
export function retryDelayMs(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** (attempt - 1), MAX_RETRY_MS);
}

/**
 * When to retry a callback whose attempt `attempt` failed at `now`, the first attempt having
 * been made at `firstAt` (milliseconds): the delay, or undefined once the next attempt would fall
 * past the 24-hour window.
 *
 * @example
 * ```ts
 * const delay = nextRetryDelay(1, firstAt, clock.now()); // 1000
 * ```
 */
export function nextRetryDelay(attempt: number, firstAt: number, now: number): number | undefined {
  const delay = retryDelayMs(attempt);
  return now + delay - firstAt > RETRY_WINDOW_MS ? undefined : delay;
}
