/** A `fetch` function; the client calls it with a `Request`-compatible URL and init. */
export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * Keep-alive and pooling settings (Node). With `transport: 'undici'` they shape the client's own
 * undici `Pool`. Otherwise, giving any of them makes the client build an undici `Agent`, used by
 * `request()` and passed as `dispatcher` to the global `fetch` (msw still intercepts, since it
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
 * How the client sends requests: `'auto'` (the default: undici's `request()` on Node while nothing
 * replaced `globalThis.fetch`, else fetch, so msw still sees every request), `'fetch'` (always
 * through fetch) or `'undici'` (always undici's `request()` over a keep-alive pool the client
 * owns; Node only, invisible to msw).
 *
 * @example
 * ```ts
 * const transport: ClientTransport = process.env.NODE_ENV === 'production' ? 'undici' : 'auto';
 * ```
 */
export type ClientTransport = 'auto' | 'fetch' | 'undici';

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
   * - `'auto'` (the default): on Node, undici's `request()` (as fast as raw undici) while
   *   `globalThis.fetch` is Node's own, and fetch as soon as something replaced it (msw, nock, a
   *   spy), checked at each attempt, so msw's `setupServer()` intercepts every request with no
   *   set-up, even when started after the client was made. Without `connection`, undici's global
   *   dispatcher (the one Node's fetch uses: `setGlobalDispatcher` applies); with it, an `Agent`
   *   the client owns. With a `fetch` option, always that function. Off Node (Workers, Deno,
   *   Bun's browser build, a browser): fetch.
   * - `'fetch'`: always through the `fetch` option, else `globalThis.fetch` looked up at each
   *   call.
   * - `'undici'`: always undici's `request()` over a keep-alive `Pool` to the base URL's origin,
   *   owned by the client (shaped by `connection`, released by `client.close()`). msw cannot see
   *   these requests (msw issue 2165); a `fetch` option is then a
   *   {@link ClientConfigurationError}, and so is this value in the client's build for runtimes
   *   other than Node.
   *
   * Errors, retries, timeouts and parsing are the same on every transport.
   *
   * @defaultValue `'auto'`
   * @example
   * ```ts
   * const client = new UssdkitClient({
   *   baseUrl: 'https://api.example.com',
   *   clientId: process.env.CLIENT_ID ?? '',
   *   clientSecret: process.env.CLIENT_SECRET ?? '',
   * });
   * // ... on shutdown (releases the sockets of a `connection` agent or an undici pool):
   * await client.close();
   * ```
   */
  readonly transport?: ClientTransport;
  /**
   * The fetch function to use (with `'auto'` or `'fetch'`; then every request goes through it).
   * @defaultValue `globalThis.fetch`, looked up at each call (so msw started later still sees it)
   */
  readonly fetch?: FetchLike;
  /**
   * Keep-alive and pooling settings: the undici transport's pool, or (no custom `fetch`) an undici
   * `Agent` the client owns, used by undici's `request()` and given to fetch as its dispatcher.
   * Ignored off Node.
   * @defaultValue undici's defaults with `transport: 'undici'`; else undici's global dispatcher
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
