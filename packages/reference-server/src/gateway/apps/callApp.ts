import { EventEmitter } from 'node:events';
import { type SessionCommand, sessionCommandSchema } from '@ussdkit/protocol';
import { type Dispatcher, request } from 'undici';
import type { GatewayApp } from '../GatewayDeps';
import {
  type AppEventName,
  type AppFailure,
  type CallFailure,
  describeAppFailure,
  eventUrl,
} from './describeAppFailure';
import { marksSecret } from './secretInput';

export type { AppEventName } from './describeAppFailure';

/**
 * What came back from one POST to an app; `secretInput` when the answer carried
 * `Ussdkit-Input: secret` (its screen asks a secret).
 */
export type HttpOutcome =
  | {
      readonly kind: 'answered';
      readonly status: number;
      readonly text: string;
      readonly secretInput?: true;
    }
  | { readonly kind: 'failed'; readonly failure: CallFailure };

/** An app's answer to `new` or `continue`, judged. */
export type CommandOutcome =
  | { readonly ok: true; readonly command: SessionCommand; readonly secretInput?: true }
  | {
      readonly ok: false;
      readonly reason: 'UnexpectedUssdAppResponse' | 'InternalError';
      readonly message: string;
    };

/** A call made after (or cut short by) the gateway's shutdown. */
const CLOSING: HttpOutcome = { kind: 'failed', failure: { type: 'closing' } };

/** A connection failure: the socket error's code and message (or those of the cause it wraps). */
function unreachable(error: unknown): CallFailure {
  const socket = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (!(socket instanceof Error))
    return { type: 'unreachable', code: undefined, error: String(socket) };
  const code = (socket as { code?: unknown }).code;
  return {
    type: 'unreachable',
    code: typeof code === 'string' ? code : undefined,
    error: socket.message,
  };
}

/** One HTTP request to an app: how, where, with which headers, and its body. */
export interface AppRequest {
  /** Infobip ends a session with a PUT. @defaultValue `"POST"` */
  readonly method?: 'POST' | 'PUT' | undefined;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * POSTs one session event (its JSON text) to an app with its raw `Authorization` token, within
 * the app's answer deadline (real time), over `dispatcher` (the gateway's keep-alive agent).
 * Never throws: a timeout, the gateway's shutdown (`parent` aborted) or a connection failure is
 * a `failed` outcome; the answer's body is always read to the end or destroyed.
 *
 * @example
 * ```ts
 * const outcome = await postEvent(app, 'close', JSON.stringify(body), gatewaySignal, agent);
 * ```
 */
export function postEvent(
  app: GatewayApp,
  event: AppEventName,
  json: string,
  parent: AbortSignal,
  dispatcher: Dispatcher,
): Promise<HttpOutcome> {
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json',
    authorization: app.authToken,
  };
  return postToApp(app, { url: eventUrl(app, event), headers, body: json }, parent, dispatcher);
}

/**
 * Sends `request` (a POST unless it says otherwise) to an app within the app's answer deadline
 * (real time): the one way the gateway calls apps, whatever their protocol ({@link postEvent}
 * for the native events). Never throws, as {@link postEvent}.
 *
 * @example
 * ```ts
 * const outcome = await postToApp(app, { url, headers, body }, gatewaySignal, agent);
 * ```
 */
export async function postToApp(
  app: GatewayApp,
  { method = 'POST', url, headers, body }: AppRequest,
  parent: AbortSignal,
  dispatcher: Dispatcher,
): Promise<HttpOutcome> {
  if (parent.aborted) return CLOSING;
  // undici takes an EventEmitter as the request's abort signal: far cheaper per call than an
  // AbortController, and `timedOut` tells the deadline from the gateway's shutdown.
  const abort = new EventEmitter();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.emit('abort');
  }, app.answerTimeoutMs);
  const onParentAbort = () => abort.emit('abort');
  parent.addEventListener('abort', onParentAbort, { once: true });
  let answer: Dispatcher.ResponseData | undefined;
  try {
    answer = await request(url, { dispatcher, method, headers, body, signal: abort });
    const text = await answer.body.text();
    const status = answer.statusCode;
    return marksSecret(answer.headers)
      ? { kind: 'answered', status, text, secretInput: true }
      : { kind: 'answered', status, text };
  } catch (error) {
    // A body cut short (deadline, shutdown, reset) must not keep its socket.
    answer?.body.destroy();
    if (parent.aborted) return CLOSING;
    return { kind: 'failed', failure: timedOut ? { type: 'timeout' } : unreachable(error) };
  } finally {
    clearTimeout(timer);
    parent.removeEventListener('abort', onParentAbort);
  }
}

/**
 * Judges an answer to `new` or `continue`: a non-2xx status, a body that is not JSON or that
 * fails `sessionCommandSchema` is `UnexpectedUssdAppResponse`; no answer is `InternalError`. A
 * failure's message is the sentence of {@link describeAppFailure}.
 *
 * @example
 * ```ts
 * const judged = judgeCommand(app, 'new', await postEvent(app, 'new', body, signal, agent));
 * ```
 */
export function judgeCommand(
  app: GatewayApp,
  event: 'new' | 'continue',
  outcome: HttpOutcome,
): CommandOutcome {
  const fail = (
    reason: 'UnexpectedUssdAppResponse' | 'InternalError',
    failure: AppFailure,
  ): CommandOutcome => ({ ok: false, reason, message: describeAppFailure(app, event, failure) });
  if (outcome.kind === 'failed') return fail('InternalError', outcome.failure);
  const { status, text } = outcome;
  if (status < 200 || status > 299)
    return fail('UnexpectedUssdAppResponse', { type: 'status', status, text });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail('UnexpectedUssdAppResponse', { type: 'notJson', status, text });
  }
  const parsed = sessionCommandSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail('UnexpectedUssdAppResponse', { type: 'invalid', issue, json });
  }
  return outcome.secretInput === true
    ? { ok: true, command: parsed.data, secretInput: true }
    : { ok: true, command: parsed.data };
}
