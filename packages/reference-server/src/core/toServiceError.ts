import { ServiceError } from './ServiceError';

const statuses = new Set([400, 401, 402, 403, 404, 405, 409, 413, 415, 422, 429, 500, 502, 503]);

/** Reads `{status, code}` from errors of other modules (the gateway's `GatewayError`). */
function asCodedError(error: unknown): ServiceError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, code, message } = error as Record<string, unknown>;
  if (typeof status !== 'number' || typeof code !== 'string' || !statuses.has(status)) {
    return undefined;
  }
  return new ServiceError(
    status as ServiceError['status'],
    code,
    typeof message === 'string' ? message : code,
  );
}

/**
 * Normalises anything thrown while answering a request into a {@link ServiceError}: service
 * errors as they are, errors that carry a numeric `status` and a string `code` with those,
 * everything else as 500 `INTERNAL` without leaking its message.
 *
 * @example
 * ```ts
 * app.onError((error, c) => { const e = toServiceError(error); return c.json(e.toBody(), e.status); });
 * ```
 */
export function toServiceError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  return (
    asCodedError(error) ??
    new ServiceError(500, 'INTERNAL', 'internal error in the sandbox', { cause: error })
  );
}
