import { ConnectionError, TimeoutError } from '../errors';

/** Socket error codes in words. */
const SOCKET_ERRORS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connecting timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connecting timed out',
  UND_ERR_SOCKET: 'the server closed the connection',
  EPIPE: 'the server closed the connection',
};

/**
 * The cause of a failed request in words. fetch wraps the socket error (`fetch failed`, with the
 * error as `cause`, or an `AggregateError` of one per address tried); undici throws it as is.
 */
function causeText(error: unknown): string {
  let innermost: unknown = error;
  for (let current: unknown = error; current instanceof Error; ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && SOCKET_ERRORS[code] !== undefined) return SOCKET_ERRORS[code];
    innermost = current;
    const next: unknown =
      current instanceof AggregateError && current.errors.length > 0
        ? current.errors[0]
        : current.cause;
    current = next;
  }
  return innermost instanceof Error ? innermost.message : String(innermost);
}

/** The request that got no answer, as the transport knows it. */
export interface FailedRequest {
  /** The client's `baseUrl`, without a trailing slash. */
  readonly baseUrl: string;
  readonly method: string;
  /** Path and query relative to `baseUrl`. */
  readonly path: string;
  /** The attempt's time limit. */
  readonly timeoutMs: number;
  readonly operationId: string | undefined;
}

/**
 * The error for a request that got no answer: a {@link TimeoutError} when its time ran out, else
 * a {@link ConnectionError}; both name the method and URL and keep `cause`.
 *
 * @example
 * ```ts
 * const error = connectionFailure({ baseUrl, method: 'GET', path: '/client/info', timeoutMs, operationId }, cause, false);
 * // Could not connect to http://127.0.0.1:4000 (GET /client/info): connection refused. Is the service running at baseUrl?
 * ```
 */
export function connectionFailure(
  request: FailedRequest,
  cause: unknown,
  timedOut: boolean,
): ConnectionError {
  const { baseUrl, method, path, timeoutMs, operationId } = request;
  const where = `${baseUrl} (${method} ${path})`;
  const options = { cause, operationId, url: `${baseUrl}${path}`, method };
  if (timedOut) {
    return new TimeoutError(
      `No answer from ${where} within ${timeoutMs} ms (timeoutMs). Is the service running at baseUrl? If it is only slow, raise timeoutMs for the client or the call.`,
      { ...options, timeoutMs },
    );
  }
  return new ConnectionError(
    `Could not connect to ${where}: ${causeText(cause)}. Is the service running at baseUrl?`,
    options,
  );
}
