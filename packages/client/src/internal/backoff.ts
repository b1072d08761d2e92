import type { BackoffOptions } from '../ClientOptions';

/** Longest `retry-after` we honour; past it, our own backoff applies. */
const maxRetryAfterMs = 60_000;

/** Delay before retry number `attempt` (0-based): exponential, capped, with up to 25% jitter. */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const initial = options.initialDelayMs ?? 500;
  const max = options.maxDelayMs ?? 8000;
  const delay = Math.min(initial * 2 ** attempt, max);
  return delay * (1 - Math.random() * 0.25);
}

/** The delay a `retry-after-ms` or `retry-after` header asks for (seconds or an HTTP date). */
export function retryAfterMs(
  answer: { header(name: string): string | undefined } | undefined,
  now = Date.now(),
): number | undefined {
  if (answer === undefined) return undefined;
  const ms = Number.parseFloat(answer.header('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0 && ms <= maxRetryAfterMs) return ms;
  const value = answer.header('retry-after');
  if (value === undefined) return undefined;
  const seconds = Number.parseFloat(value);
  const delay = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  return Number.isFinite(delay) && delay >= 0 && delay <= maxRetryAfterMs ? delay : undefined;
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
