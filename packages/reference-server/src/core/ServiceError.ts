import type { ErrorBody } from '@ussdkit/protocol';

/** HTTP statuses the sandbox answers errors with. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 500;

/**
 * A failure with its HTTP status and error code. Thrown anywhere in the sandbox and turned into
 * a JSON `{code, message}` answer in one place (`toServiceError`).
 *
 * @example
 * ```ts
 * throw new ServiceError(403, 'MISSING_PERMISSION', 'the developer lacks the ACQUIRE permission');
 * ```
 */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';

  constructor(
    readonly status: ErrorStatus,
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The JSON body of the answer. */
  toBody(): ErrorBody {
    return { code: this.code, message: this.message };
  }
}

/** 400 `BAD_REQUEST`. */
export function badRequest(message: string, cause?: unknown): ServiceError {
  return new ServiceError(400, 'BAD_REQUEST', message, { cause });
}

/** 404 `NOT_FOUND`. */
export function notFound(message: string): ServiceError {
  return new ServiceError(404, 'NOT_FOUND', message);
}
