/** A `fetch` function; the client calls it with a `Request`-compatible URL and init. */
export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * Keep-alive and pooling settings. With `transport: 'undici'` they shape the client's own undici
 * `Pool`. With the default `fetch` transport, giving any of them makes the client build an undici
 * `Agent` and pass it as `dispatcher` to the global `fetch` (msw still intercepts, since it
 * replaces the global fetch); with a custom `fetch` they are ignored.
 *
 * @example
 * ```ts
 * const client = new UssdkitClient({ baseUrl, clientId, clientSecret, transport: 'undici', connection: { connections: 16 } });
 * ```
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
 * How the client sends requests: `'fetch'` (through `globalThis.fetch` or the `fetch` option, seen
 * by msw) or `'undici'` (undici's `request()` over a keep-alive pool the client owns: faster,
 * invisible to msw).
 *
 * @example
 * ```ts
 * const transport: ClientTransport = process.env.NODE_ENV === 'production' ? 'undici' : 'fetch';
 * ```
 */
export type ClientTransport = 'fetch' | 'undici';

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
   * How requests are sent.
   *
   * - `'fetch'`: through the `fetch` option, else `globalThis.fetch` looked up at each call, so
   *   msw's `setupServer()` intercepts every request. Use it in tests and wherever requests must
   *   be interceptable.
   * - `'undici'`: with undici's `request()` over a keep-alive `Pool` to the base URL's origin,
   *   owned by the client (shaped by `connection`, released by `client.close()`). Several times
   *   faster than fetch; recommended in production. msw cannot see these requests (msw issue
   *   2165), and a `fetch` option is then a {@link ClientConfigurationError}.
   *
   * Errors, retries, timeouts and parsing are the same on both.
   *
   * @defaultValue `'fetch'`
   * @example
   * ```ts
   * const client = new UssdkitClient({
   *   baseUrl: 'https://api.example.com',
   *   clientId: process.env.CLIENT_ID ?? '',
   *   clientSecret: process.env.CLIENT_SECRET ?? '',
   *   transport: 'undici',
   * });
   * // ... on shutdown:
   * await client.close();
   * ```
   */
  readonly transport?: ClientTransport;
  /**
   * The fetch function to use (only with the default `'fetch'` transport).
   * @defaultValue `globalThis.fetch`, looked up at each call (so msw started later still sees it)
   */
  readonly fetch?: FetchLike;
  /**
   * Keep-alive and pooling settings: the undici transport's pool, or (fetch transport, no custom
   * `fetch`) an undici `Agent` given to `fetch` as its dispatcher.
   * @defaultValue undici's defaults with `transport: 'undici'`; no agent with `'fetch'`
   */
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
