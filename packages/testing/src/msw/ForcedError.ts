import { referencedServiceEndpoints, serviceEndpoints } from '@ussdkit/protocol';
import { HttpResponse } from 'msw';

/**
 * Every endpoint the handlers mock: the spec's service endpoints and the three it only
 * references (`merchantPayment`, `merchantAccounts`, `operationHistory`).
 */
export const mockedEndpoints = { ...serviceEndpoints, ...referencedServiceEndpoints };

/**
 * The name of a mocked endpoint, as `serviceEndpoints` and `referencedServiceEndpoints` in
 * `@ussdkit/protocol` key them.
 */
export type ServiceEndpointName = keyof typeof mockedEndpoints;

/**
 * An error the mocked service answers instead of its normal answer.
 *
 * @example
 * ```ts
 * handlers.service.forceError('productGroups', { status: 503, times: 2, retryAfter: 0 });
 * handlers.service.forceError('acquireProduct', { network: true, afterProcessing: true, times: 1 });
 * ```
 */
export interface ForcedError {
  /**
   * HTTP status of the answer (401, 402, 403, 409, 429, 5xx...).
   * @defaultValue 500
   */
  readonly status?: number;
  /**
   * `code` of the JSON body.
   * @defaultValue the service's code for the status (`UNAUTHORIZED`, `INSUFFICIENT_BALANCE`, …)
   */
  readonly code?: string;
  /** `message` of the JSON body. @defaultValue a message naming the forced status */
  readonly message?: string;
  /** Fail at the network level instead (the fetch rejects, as on a reset connection). */
  readonly network?: boolean;
  /**
   * How many calls fail; later calls get the normal answer.
   * @defaultValue Infinity
   */
  readonly times?: number;
  /**
   * Run the request first (record the acquire, debit the balance) and lose the answer, as when a
   * connection drops after the service processed it.
   * @defaultValue false
   */
  readonly afterProcessing?: boolean;
  /** Seconds sent in a `retry-after` header. */
  readonly retryAfter?: number;
}

/** The default `code` for a forced status. */
export function defaultCode(status: number): string {
  const codes: Record<number, string> = {
    400: 'BAD_REQUEST',
    401: 'UNAUTHORIZED',
    402: 'INSUFFICIENT_BALANCE',
    403: 'MISSING_PERMISSION',
    404: 'NOT_FOUND',
    409: 'DUPLICATE_OPERATION',
    413: 'PAYLOAD_TOO_LARGE',
    429: 'RATE_LIMITED',
  };
  return codes[status] ?? 'INTERNAL';
}

/** The answer of a forced error: a network failure, or `{code, message}` with its status. */
export function forcedResponse(forced: ForcedError): Response {
  if (forced.network === true) return HttpResponse.error();
  const status = forced.status ?? 500;
  const code = forced.code ?? defaultCode(status);
  const message = forced.message ?? `forced ${status} answer`;
  const headers = forced.retryAfter === undefined ? {} : { 'retry-after': `${forced.retryAfter}` };
  return HttpResponse.json({ code, message }, { status, headers });
}
