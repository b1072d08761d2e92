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
 * Callback attempts in an array, oldest first.
 *
 * @example
 * ```ts
 * const log = memoryCallbackLog();
 * log.list({ operationId: 'op-1' });
 * ```
 */
export function memoryCallbackLog(): CallbackLog {
  const attempts: CallbackAttempt[] = [];
  return {
    add: (attempt) => {
      attempts.push(attempt);
    },
    list: (filter) =>
      filter?.operationId === undefined
        ? [...attempts]
        : attempts.filter((a) => a.operationId === filter.operationId),
  };
}
