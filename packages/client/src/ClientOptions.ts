/** A `fetch` function; the client calls it with a `Request`-compatible URL and init. */
export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * Keep-alive and pooling settings. When any is given the client builds an undici `Agent` and
 * passes it as `dispatcher` to `fetch`; msw still intercepts, since it replaces the global fetch.
 */
export interface ConnectionOptions {
  /**
   * How long an idle socket stays open.
   * @defaultValue 4000 (undici's default)
   */
  readonly keepAliveTimeoutMs?: number;
  /**
   * Maximum sockets per origin.
   * @defaultValue unlimited (undici's default)
   */
  readonly connections?: number;
  /**
   * Requests pipelined on one socket.
   * @defaultValue 1
   */
  readonly pipelining?: number;
}

/** Backoff between retries: `min(initialDelayMs * 2^attempt, maxDelayMs)`, minus up to 25% jitter. */
export interface BackoffOptions {
  /** @defaultValue 500 */
  readonly initialDelayMs?: number;
  /** @defaultValue 8000 */
  readonly maxDelayMs?: number;
}

/**
 * Options of {@link UssdkitClient}. Per-call {@link RequestOptions} override `timeoutMs` and
 * `maxRetries`.
 *
 * @example
 * ```ts
 * const client = new UssdkitClient({ baseUrl: 'http://127.0.0.1:4000', clientId: 'demo-client', clientSecret: 'demo-secret' });
 * ```
 */
export interface ClientOptions {
  /** The service's base address, e.g. `http://127.0.0.1:4000`. */
  readonly baseUrl: string;
  /** Sent as `X-Client-Id`. */
  readonly clientId: string;
  /** Sent as `X-Client-Secret`. */
  readonly clientSecret: string;
  /**
   * Time allowed for one attempt of a request, in milliseconds.
   * @defaultValue 30000
   */
  readonly timeoutMs?: number;
  /**
   * Retries after the first attempt, for requests that are safe to retry.
   * @defaultValue 2
   */
  readonly maxRetries?: number;
  /**
   * The fetch function to use.
   * @defaultValue `globalThis.fetch`, looked up at each call (so msw started later still sees it)
   */
  readonly fetch?: FetchLike;
  /** Keep-alive settings; only when given is an undici `Agent` used. */
  readonly connection?: ConnectionOptions;
  /** Backoff between retries. */
  readonly backoff?: BackoffOptions;
  /**
   * Makes operationIds for {@link buy} and the acquire helpers.
   * @defaultValue `crypto.randomUUID`
   */
  readonly generateOperationId?: () => string;
}

/**
 * Per-call options, the last level of the options cascade.
 *
 * @example
 * ```ts
 * await client.acquire.productGroups({ timeoutMs: 2000, signal: AbortSignal.timeout(5000) });
 * ```
 */
export interface RequestOptions {
  /** Aborts the call (no retry follows). */
  readonly signal?: AbortSignal;
  /**
   * Time allowed for one attempt.
   * @defaultValue the client's `timeoutMs`
   */
  readonly timeoutMs?: number;
  /**
   * Retries for this call.
   * @defaultValue the client's `maxRetries`
   */
  readonly maxRetries?: number;
}
