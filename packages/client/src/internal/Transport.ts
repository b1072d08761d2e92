import type { z } from 'zod';
import { createSender } from '#createSender';
import { ClientConfigurationError } from '../ClientConfigurationError';
import type { BackoffOptions, ClientOptions, RequestOptions } from '../ClientOptions';
import {
  ApiError,
  type ConnectionError,
  DuplicateOperationError,
  RequestAbortedError,
  UnexpectedResponseError,
} from '../errors';
import type { Answer, Sender } from './Answer';
import { AttemptSignal } from './AttemptSignal';
import { backoffDelay, retryAfterMs, sleep } from './backoff';
import { connectionFailure } from './connectionFailure';
import { parseErrorBody } from './parseErrorBody';

/** One logical call; the transport may send it several times. */
export interface TransportRequest<T> {
  readonly method: 'GET' | 'POST';
  /** Path and query, already encoded (see `buildPath`). */
  readonly path: string;
  readonly body?: unknown;
  /** Parses a 2xx body; without it the body is ignored and the call resolves `undefined`. */
  readonly schema?: z.ZodType<T> | undefined;
  /** Safe to resend: GETs, and acquires that reuse their operationId. */
  readonly retry: boolean;
  readonly operationId?: string | undefined;
  /**
   * Called instead of failing when a retry gets a `DuplicateOperationError` (409, or 400
   * `ALREADY_INITIATED`): the first attempt arrived.
   */
  readonly resolveDuplicate?: (() => Promise<T>) | undefined;
  readonly options?: RequestOptions | undefined;
}

type Attempt =
  | { readonly kind: 'answer'; readonly answer: Answer }
  | { readonly kind: 'failed'; readonly error: ConnectionError };

const retryableStatus = (status: number) => status === 408 || status === 429 || status >= 500;
const ok = (status: number) => status >= 200 && status < 300;

/**
 * Sends requests: auth headers, per-attempt timeout, retries with backoff, schema parsing. The
 * wire is a {@link Sender} from `#createSender`, which resolves by runtime (decision 0019): on
 * Node, undici's `request()` unless `globalThis.fetch` was replaced (msw), else fetch.
 */
export class Transport {
  readonly #options: ClientOptions;
  /** `baseUrl` without its trailing slashes, as requests are sent to it. */
  readonly #baseUrl: string;
  readonly #sender: Sender;
  /** Built once: senders never change them. */
  readonly #headers: Readonly<Record<string, string>>;
  readonly #jsonHeaders: Readonly<Record<string, string>>;

  constructor(options: ClientOptions) {
    this.#options = options;
    const baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#baseUrl = baseUrl;
    const sender = createSender(options, baseUrl);
    if (sender === undefined) {
      throw new ClientConfigurationError(
        'transport',
        "transport: 'undici' needs Node: this build of @ussdkit/client (for Workers, browsers and other runtimes without the node export condition) sends with fetch only; leave transport out",
      );
    }
    this.#sender = sender;
    this.#headers = {
      accept: 'application/json',
      'x-client-id': options.clientId,
      'x-client-secret': options.clientSecret,
    };
    this.#jsonHeaders = { ...this.#headers, 'content-type': 'application/json' };
  }

  get backoff(): BackoffOptions {
    return this.#options.backoff ?? {};
  }

  /** Sends the request (retrying when allowed) and returns the parsed answer. */
  async request<T>(request: TransportRequest<T>): Promise<T> {
    const maxRetries = request.retry
      ? (request.options?.maxRetries ?? this.#options.maxRetries ?? 2)
      : 0;
    // Serialised once: every retry sends the same bytes (the same operationId).
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    for (let attempt = 0; ; attempt++) {
      const result = await this.#attempt(request, body);
      if (result.kind === 'answer' && ok(result.answer.status)) {
        return this.#parse(request, result.answer);
      }
      const error =
        result.kind === 'failed' ? result.error : this.#apiError(request, result.answer);
      // On a retry, "already used" means the first attempt arrived: resolve it instead of failing.
      if (error instanceof DuplicateOperationError && attempt > 0) {
        if (request.resolveDuplicate !== undefined) return request.resolveDuplicate();
      }
      const retryable = result.kind === 'failed' || retryableStatus(result.answer.status);
      if (!retryable || attempt >= maxRetries) throw error;
      const answer = result.kind === 'answer' ? result.answer : undefined;
      const delay = retryAfterMs(answer) ?? backoffDelay(attempt, this.backoff);
      await sleep(delay, request.options?.signal).catch((reason: unknown) => {
        throw new RequestAbortedError('Request aborted', { cause: reason });
      });
    }
  }

  /** Releases the connections the client owns (its undici pool or `connection` agent). */
  close(): Promise<void> {
    return this.#sender.close();
  }

  async #attempt<T>(request: TransportRequest<T>, body: string | undefined): Promise<Attempt> {
    const userSignal = request.options?.signal;
    if (userSignal?.aborted) {
      throw new RequestAbortedError('Request aborted', { cause: userSignal.reason });
    }
    const timeoutMs = request.options?.timeoutMs ?? this.#options.timeoutMs ?? 30_000;
    const signal = new AttemptSignal(timeoutMs, userSignal);
    try {
      const answer = await this.#sender.send({
        method: request.method,
        path: request.path,
        headers: body === undefined ? this.#headers : this.#jsonHeaders,
        body,
        signal,
      });
      return { kind: 'answer', answer };
    } catch (cause) {
      const { operationId, method, path } = request;
      if (userSignal?.aborted) {
        throw new RequestAbortedError('Request aborted', { cause, operationId });
      }
      const failed = { baseUrl: this.#baseUrl, method, path, timeoutMs, operationId };
      return { kind: 'failed', error: connectionFailure(failed, cause, signal.timedOut) };
    } finally {
      signal.dispose();
    }
  }

  #apiError<T>(request: TransportRequest<T>, answer: Answer): ApiError {
    const status = answer.status;
    const parsed = parseErrorBody(answer.text);
    return ApiError.generate({
      status,
      code: parsed?.code ?? `HTTP_${status}`,
      message: parsed?.message ?? (answer.statusText || `HTTP ${status}`),
      body: answer.text,
      headers: answer.headers(),
      operationId: request.operationId,
    });
  }

  #parse<T>(request: TransportRequest<T>, answer: Answer): T {
    const status = answer.status;
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
