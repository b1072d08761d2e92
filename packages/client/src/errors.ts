import { type AcquireErrorCode, ALREADY_INITIATED } from '@ussdkit/protocol';

/**
 * Base class of every error the client throws. Catch it to handle any client failure at once.
 *
 * @example
 * ```ts
 * try { await client.clientInfo(); }
 * catch (error) { if (error instanceof UssdkitError) console.error(error.message); }
 * ```
 */
export class UssdkitError extends Error {
  override name = 'UssdkitError';
  /** The acquire's `operationId` when the failed call carried one. */
  readonly operationId: string | undefined;

  constructor(message: string, options?: { cause?: unknown; operationId?: string | undefined }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.operationId = options?.operationId;
  }
}

/** What every HTTP error answer carries. */
export interface ApiErrorInit {
  /** HTTP status of the answer. */
  readonly status: number;
  /** `code` of the JSON error body, or `HTTP_<status>` when the body had none. */
  readonly code: string;
  /** `message` of the JSON error body, or a message built from the status. */
  readonly message: string;
  /** The raw body text, exactly as received. */
  readonly body: string;
  /** Response headers. */
  readonly headers: Headers;
  /** The acquire's operationId, when the request carried one. */
  readonly operationId?: string | undefined;
}

/**
 * An HTTP error answer of the service (any non-2xx). Subclasses name the statuses users handle
 * differently; {@link ApiError.generate} is the one place that chooses them.
 *
 * @example
 * ```ts
 * catch (error) { if (error instanceof ApiError) console.log(error.status, error.code, error.body); }
 * ```
 */
export class ApiError extends UssdkitError {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  /** The raw body text, exactly as received. */
  readonly body: string;
  readonly headers: Headers;

  constructor(init: ApiErrorInit) {
    super(`${init.status} ${init.code}: ${init.message}`, { operationId: init.operationId });
    this.status = init.status;
    this.code = init.code;
    this.body = init.body;
    this.headers = init.headers;
  }

  /** Chooses the error class for an HTTP status: the only place that maps statuses to classes. */
  static generate(init: ApiErrorInit): ApiError {
    // Upstream answers a reused merchant payment operationId with 400 `ALREADY_INITIATED` (plain
    // text) where acquires answer 409: the same meaning, so the same class.
    if (init.status === 400 && init.code === ALREADY_INITIATED) {
      return new DuplicateOperationError(init);
    }
    switch (init.status) {
      case 401:
        return new AuthenticationError(init);
      case 402:
        return new InsufficientBalanceError(init);
      case 403:
        return new PermissionDeniedError(init);
      case 409:
        return new DuplicateOperationError(init);
      default:
        return new ApiError(init);
    }
  }
}

/**
 * 401: the client id or secret is wrong or missing.
 *
 * @example
 * ```ts
 * catch (error) { if (error instanceof AuthenticationError) rotateSecret(); }
 * ```
 */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}

/**
 * 402: the developer balance cannot pay for the acquire.
 *
 * @example
 * ```ts
 * catch (error) { if (error instanceof InsufficientBalanceError) alertFinance(error.operationId); }
 * ```
 */
export class InsufficientBalanceError extends ApiError {
  override name = 'InsufficientBalanceError';
}

/**
 * 403: the developer lacks a permission (ACQUIRE, PUSH, RECOVERY, EMBEDDED_PROCESS).
 *
 * @example
 * ```ts
 * catch (error) { if (error instanceof PermissionDeniedError) console.log(error.message); }
 * ```
 */
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError';
}

/**
 * 409 (`DUPLICATE_OPERATION`) to an acquire, or 400 `ALREADY_INITIATED` to a merchant payment
 * (upstream's plain-text answer): the developer already used this operationId, for any operation
 * (acquires, merchant payments and in-session processes share one namespace). Read `status` and
 * `code` to tell them apart.
 *
 * @example
 * ```ts
 * catch (error) { if (error instanceof DuplicateOperationError) await client.acquire.status(error.operationId ?? ''); }
 * ```
 */
export class DuplicateOperationError extends ApiError {
  override name = 'DuplicateOperationError';
}

/**
 * An acquire (or an amount lookup) answered HTTP 200 with `status: "FAILURE"`. Thrown by the
 * helpers ({@link buy}); the resource methods return the failure as a value.
 *
 * @example
 * ```ts
 * catch (error) { if (error instanceof AcquireFailedError) console.log(error.code); }
 * ```
 */
export class AcquireFailedError extends UssdkitError {
  override name = 'AcquireFailedError';
  /** Always 200: the service answers business failures with a success status. */
  readonly status = 200;
  readonly code: AcquireErrorCode;
  readonly rawErrorCode: string | undefined;
  /** The answer, as received. */
  readonly body: unknown;

  constructor(init: {
    code: AcquireErrorCode;
    rawErrorCode?: string | undefined;
    operationId?: string | undefined;
    body: unknown;
  }) {
    super(`Acquire failed: ${init.code}`, { operationId: init.operationId });
    this.code = init.code;
    this.rawErrorCode = init.rawErrorCode;
    this.body = init.body;
  }
}

/**
 * A 2xx answer whose body is not JSON or does not match the protocol schema.
 *
 * @example
 * ```ts
 * catch (error) { if (error instanceof UnexpectedResponseError) console.log(error.field, error.body); }
 * ```
 */
export class UnexpectedResponseError extends UssdkitError {
  override name = 'UnexpectedResponseError';
  readonly status: number;
  readonly code = 'UNEXPECTED_RESPONSE';
  /** The raw body text, exactly as received. */
  readonly body: string;
  /** Dotted path of the first field that failed the schema (empty for the whole body). */
  readonly field: string;

  constructor(init: {
    status: number;
    body: string;
    field: string;
    message: string;
    operationId?: string | undefined;
    cause?: unknown;
  }) {
    super(`Unexpected response (${init.status}): ${init.message}`, init);
    this.status = init.status;
    this.body = init.body;
    this.field = init.field;
  }
}

/** Where a failed request went: what {@link ConnectionError} and {@link TimeoutError} carry. */
export interface ConnectionErrorOptions {
  readonly cause?: unknown;
  readonly operationId?: string | undefined;
  /** The full URL of the request, e.g. `http://127.0.0.1:4000/client/info`. */
  readonly url?: string | undefined;
  /** The request's method, e.g. `GET`. */
  readonly method?: string | undefined;
}

/**
 * The request never got an answer: DNS, refused or reset connection, network failure. The
 * message names the method, the URL and the cause in words, e.g. `Could not connect to
 * http://127.0.0.1:4000 (GET /client/info): connection refused. Is the service running at
 * baseUrl?`.
 *
 * @example
 * ```ts
 * catch (error) { if (error instanceof ConnectionError) console.log(error.method, error.url, error.cause); }
 * ```
 */
export class ConnectionError extends UssdkitError {
  override name = 'ConnectionError';
  readonly code: string = 'CONNECTION_ERROR';
  /** The full URL of the request that got no answer (undefined for `waitForResult`'s deadline). */
  readonly url: string | undefined;
  /** Its method, e.g. `GET` (undefined for `waitForResult`'s deadline). */
  readonly method: string | undefined;

  constructor(message: string, options: ConnectionErrorOptions = {}) {
    super(message, options);
    this.url = options.url;
    this.method = options.method;
  }
}

/**
 * The request (one attempt) took longer than `timeoutMs`, or a helper passed its deadline. The
 * message names the URL and the time waited.
 *
 * @example
 * ```ts
 * catch (error) { if (error instanceof TimeoutError) console.log('no answer in time from', error.url); }
 * ```
 */
export class TimeoutError extends ConnectionError {
  override name = 'TimeoutError';
  override readonly code: string = 'TIMEOUT';
  /** How long was waited, in milliseconds. */
  readonly timeoutMs: number | undefined;

  constructor(message: string, options: ConnectionErrorOptions & { timeoutMs?: number } = {}) {
    super(message, options);
    this.timeoutMs = options.timeoutMs;
  }
}

/**
 * The caller aborted the request through its `signal`. Never retried.
 *
 * @example
 * ```ts
 * catch (error) { if (error instanceof RequestAbortedError) return; }
 * ```
 */
export class RequestAbortedError extends UssdkitError {
  override name = 'RequestAbortedError';
  readonly code = 'ABORTED';
}

/**
 * A request argument is invalid; thrown before anything is sent.
 *
 * @example
 * ```ts
 * catch (error) { if (error instanceof RequestValidationError) console.log(error.field); }
 * ```
 */
export class RequestValidationError extends UssdkitError {
  override name = 'RequestValidationError';
  readonly code = 'REQUEST_VALIDATION';
  /** The name of the invalid argument, e.g. `amount` or `customerMsisdn`. */
  readonly field: string;

  constructor(field: string, message: string, options?: { cause?: unknown }) {
    super(`Invalid ${field}: ${message}`, options);
    this.field = field;
  }
}
