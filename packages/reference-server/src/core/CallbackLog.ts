import { createHistoryLog, type HistoryRetention } from '../rules/index';

/** One delivery attempt of a callback, as `GET /sandbox/callbacks` lists it. */
export interface CallbackAttempt {
  readonly operationId: string;
  readonly url: string;
  /** 1 for the first attempt. */
  readonly attempt: number;
  /** The receiver's HTTP status, when it answered. */
  readonly status?: number;
  /** Why the attempt failed without an answer (connection refused, timeout, no URL). */
  readonly error?: string;
  /** Seconds since the epoch, sandbox time. */
  readonly at: number;
  readonly body: unknown;
}

/** Where callback attempts are logged. */
export interface CallbackLog {
  add(attempt: CallbackAttempt): void;
  list(filter?: { operationId?: string | undefined }): CallbackAttempt[];
}

/**
 * Callback attempts, oldest first, kept as the operation history is (`historyRetention`: the
 * latest `entries`, none older than `seconds`), so a sandbox left running does not grow without
 * bound. `now` is the sandbox clock (ms).
 *
 * @example
 * ```ts
 * const log = memoryCallbackLog({ entries: 100_000, seconds: 604_800 }, () => Date.now());
 * log.list({ operationId: 'op-1' });
 * ```
 */
export function memoryCallbackLog(retention: HistoryRetention, now: () => number): CallbackLog {
  const attempts = createHistoryLog<CallbackAttempt>(retention);
  return {
    add: (attempt) => attempts.add(attempt, now()),
    list: (filter) => {
      const kept = attempts.list(now());
      return filter?.operationId === undefined
        ? kept
        : kept.filter((a) => a.operationId === filter.operationId);
    },
  };
}
