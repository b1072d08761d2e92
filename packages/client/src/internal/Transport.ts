import { Agent } from 'undici';
import type { z } from 'zod';
import type { BackoffOptions, ClientOptions, FetchLike, RequestOptions } from '../ClientOptions';
import {
  ApiError,
  ConnectionError,
  RequestAbortedError,
  TimeoutError,
  UnexpectedResponseError,
} from '../errors';
import { backoffDelay, retryAfterMs, sleep } from './backoff';
import { parseErrorBody } from './parseErrorBody';

/** One logical call; the transport may send it several times. */
export interface TransportRequest<T> {
  readonly method: 'GET' | 'POST';
  /** Path and query, already encoded (see `buildPath`). */
  readonly path: string;
  readonly body?: unknown;
  /** Parses a 2xx body; without it the body is ignored and the call resolves `undefined`. */
  readonly schema?: z.ZodType<T>;
  /** Safe to resend: GETs, and acquires that reuse their operationId. */
  readonly retry: boolean;
  readonly operationId?: string | undefined;
  /** Called instead of failing when a retry gets 409: the first attempt arrived. */
  readonly resolveDuplicate?: () => Promise<T>;
  readonly options?: RequestOptions | undefined;
}

type Attempt =
  | { readonly kind: 'answer'; readonly response: Response; readonly text: string }
  | { readonly kind: 'failed'; readonly error: ConnectionError };

const retryableStatus = (status: number) => status === 408 || status === 429 || status >= 500;

/** Sends requests: auth headers, per-attempt timeout, retries with backoff, schema parsing. */
export class Transport {
  readonly #options: ClientOptions;
  readonly #baseUrl: string;
  #agent: Agent | undefined;

  constructor(options: ClientOptions) {
    this.#options = options;
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  get backoff(): BackoffOptions {
    return this.#options.backoff ?? {};
  }

  /** Sends the request (retrying when allowed) and returns the parsed answer. */
  async request<T>(request: TransportRequest<T>): Promise<T> {
    const maxRetries = request.retry
      ? (request.options?.maxRetries ?? this.#options.maxRetries ?? 2)
      : 0;
    for (let attempt = 0; ; attempt++) {
      const result = await this.#attempt(request);
      if (result.kind === 'answer' && result.response.ok) return this.#parse(request, result);
      if (result.kind === 'answer' && result.response.status === 409 && attempt > 0) {
        if (request.resolveDuplicate !== undefined) return request.resolveDuplicate();
      }
      const error = result.kind === 'failed' ? result.error : this.#apiError(request, result);
      const retryable = result.kind === 'failed' || retryableStatus(result.response.status);
      if (!retryable || attempt >= maxRetries) throw error;
      const headers = result.kind === 'answer' ? result.response.headers : undefined;
      const delay = retryAfterMs(headers) ?? backoffDelay(attempt, this.backoff);
      await sleep(delay, request.options?.signal).catch((reason: unknown) => {
        throw new RequestAbortedError('Request aborted', { cause: reason });
      });
    }
  }

  /** Releases pooled connections, if connection settings made the client create a pool. */
  async close(): Promise<void> {
    await this.#agent?.close();
    this.#agent = undefined;
  }

  async #attempt<T>(request: TransportRequest<T>): Promise<Attempt> {
    const userSignal = request.options?.signal;
    if (userSignal?.aborted) {
      throw new RequestAbortedError('Request aborted', { cause: userSignal.reason });
    }
    const timeoutMs = request.options?.timeoutMs ?? this.#options.timeoutMs ?? 30_000;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    const signal =
      userSignal === undefined ? timeout.signal : AbortSignal.any([userSignal, timeout.signal]);
    try {
      const response = await this.#fetch()(
        `${this.#baseUrl}${request.path}`,
        this.#init(request, signal),
      );
      const text = await response.text();
      return { kind: 'answer', response, text };
    } catch (cause) {
      const opts = { cause, operationId: request.operationId };
      if (userSignal?.aborted) throw new RequestAbortedError('Request aborted', opts);
      if (timeout.signal.aborted) {
        return {
          kind: 'failed',
          error: new TimeoutError(`No answer within ${timeoutMs} ms`, opts),
        };
      }
      const message = cause instanceof Error ? cause.message : String(cause);
      return { kind: 'failed', error: new ConnectionError(`Connection failed: ${message}`, opts) };
    } finally {
      clearTimeout(timer);
    }
  }

  #fetch(): FetchLike {
    return this.#options.fetch ?? globalThis.fetch;
  }

  #init<T>(request: TransportRequest<T>, signal: AbortSignal): RequestInit {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-client-id': this.#options.clientId,
      'x-client-secret': this.#options.clientSecret,
    };
    const init: RequestInit = { method: request.method, headers, signal };
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(request.body);
    }
    const agent = this.#dispatcher();
    // Node's fetch reads `dispatcher` (undici); its bundled types name an older undici's class.
    return agent === undefined ? init : Object.assign(init, { dispatcher: agent });
  }

  #dispatcher(): Agent | undefined {
    const connection = this.#options.connection;
    if (connection === undefined || this.#options.fetch !== undefined) return undefined;
    this.#agent ??= new Agent({
      ...(connection.keepAliveTimeoutMs === undefined
        ? {}
        : { keepAliveTimeout: connection.keepAliveTimeoutMs }),
      ...(connection.connections === undefined ? {} : { connections: connection.connections }),
      ...(connection.pipelining === undefined ? {} : { pipelining: connection.pipelining }),
    });
    return this.#agent;
  }

  #apiError<T>(
    request: TransportRequest<T>,
    answer: { response: Response; text: string },
  ): ApiError {
    const { status, headers } = answer.response;
    const parsed = parseErrorBody(answer.text);
    return ApiError.generate({
      status,
      code: parsed?.code ?? `HTTP_${status}`,
      message: parsed?.message ?? (answer.response.statusText || `HTTP ${status}`),
      body: answer.text,
      headers,
      operationId: request.operationId,
    });
  }

  #parse<T>(request: TransportRequest<T>, answer: { response: Response; text: string }): T {
    const status = answer.response.status;
    const fail = (field: string, message: string, cause?: unknown) =>
      new UnexpectedResponseError({
        status,
        body: answer.text,
        field,
        message,
        operationId: request.operationId,
        cause,
      });
    // Without a schema the caller asked for no body: it declares T as `undefined` (a 202 answer).
    if (request.schema === undefined) return undefined as T;
    let json: unknown;
    try {
      json = JSON.parse(answer.text);
    } catch (cause) {
      throw fail('', 'body is not JSON', cause);
    }
    const result = request.schema.safeParse(json);
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    const field = issue?.path.map(String).join('.') ?? '';
    throw fail(
      field,
      `${field === '' ? '(body)' : field}: ${issue?.message ?? 'invalid'}`,
      result.error,
    );
  }
}
