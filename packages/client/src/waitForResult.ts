import type { AcquireStatus } from '@ussdkit/protocol';
import { RequestAbortedError, TimeoutError } from './errors';
import { sleep } from './internal/backoff';
import type { UssdkitClient } from './UssdkitClient';

/** A final acquire state: `SUCCESS` or `FAILURE`. */
export type FinalAcquireStatus = Extract<AcquireStatus, { status: 'SUCCESS' | 'FAILURE' }>;

/**
 * Options of {@link waitForResult}.
 *
 * @example
 * ```ts
 * const options: WaitForResultOptions = { timeoutMs: 120_000, intervalMs: 2000 };
 * ```
 */
export interface WaitForResultOptions {
  /**
   * Deadline for the whole wait; past it a {@link TimeoutError} is thrown.
   * @defaultValue 60000
   */
  readonly timeoutMs?: number;
  /**
   * First delay between polls; it doubles after each poll.
   * @defaultValue 1000
   */
  readonly intervalMs?: number;
  /**
   * Longest delay between polls.
   * @defaultValue 10000
   */
  readonly maxIntervalMs?: number;
  /** Stops waiting. */
  readonly signal?: AbortSignal;
}

/**
 * Polls `GET /v1/acquire/status` with backoff until the acquire is `SUCCESS` or `FAILURE`
 * (returned as values) or the deadline passes. `UNKNOWN` and `NOT_FOUND` keep it polling.
 *
 * @example
 * ```ts
 * const final = await waitForResult(client, operationId, { timeoutMs: 60_000 });
 * if (final.status === 'SUCCESS') console.log(final.reference);
 * ```
 */
export async function waitForResult(
  client: UssdkitClient,
  operationId: string,
  options: WaitForResultOptions = {},
): Promise<FinalAcquireStatus> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  let interval = options.intervalMs ?? 1000;
  const signal = options.signal;
  for (;;) {
    const requestOptions = signal === undefined ? undefined : { signal };
    const status = await client.acquire.status(operationId, requestOptions);
    if (status.status === 'SUCCESS' || status.status === 'FAILURE') return status;
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new TimeoutError(
        `Acquire ${operationId} is still ${status.status} after ${timeoutMs} ms (waitForResult's timeoutMs): wait longer, or ask again later with client.acquire.status(operationId).`,
        { operationId, timeoutMs },
      );
    }
    await sleep(Math.min(interval, left), signal).catch((cause: unknown) => {
      throw new RequestAbortedError('Wait aborted', { cause, operationId });
    });
    interval = Math.min(interval * 2, options.maxIntervalMs ?? 10_000);
  }
}
