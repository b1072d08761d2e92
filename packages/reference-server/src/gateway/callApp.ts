import { EventEmitter } from 'node:events';
import { type SessionCommand, sessionCommandSchema } from '@ussdkit/protocol';
import { type Dispatcher, request } from 'undici';
import type { GatewayApp } from './GatewayDeps';

/** The four app events, named as their path suffix. */
export type AppEventName = 'new' | 'continue' | 'close' | 'abort';

/** What came back from one POST to an app. */
export type HttpOutcome =
  | { readonly kind: 'answered'; readonly status: number; readonly text: string }
  | { readonly kind: 'failed'; readonly message: string };

/** An app's answer to `new` or `continue`, judged. */
export type CommandOutcome =
  | { readonly ok: true; readonly command: SessionCommand }
  | {
      readonly ok: false;
      readonly reason: 'UnexpectedUssdAppResponse' | 'InternalError';
      readonly message: string;
    };

function eventUrl(app: GatewayApp, event: AppEventName): string {
  return `${app.url.replace(/\/+$/, '')}/ussdSessionEvent/${event}`;
}

/** The failure message of a call made after (or cut short by) the gateway's shutdown. */
const CLOSING = 'the gateway is closing';

/** Text of a connection failure: the socket error itself (or the cause it wraps). */
function failureText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
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
export async function postEvent(
  app: GatewayApp,
  event: AppEventName,
  json: string,
  parent: AbortSignal,
  dispatcher: Dispatcher,
): Promise<HttpOutcome> {
  if (parent.aborted) return { kind: 'failed', message: CLOSING };
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
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (app.authToken !== undefined && app.authToken !== '') headers.authorization = app.authToken;
    answer = await request(eventUrl(app, event), {
      dispatcher,
      method: 'POST',
      headers,
      body: json,
      signal: abort,
    });
    const text = await answer.body.text();
    return { kind: 'answered', status: answer.statusCode, text };
  } catch (error) {
    // A body cut short (deadline, shutdown, reset) must not keep its socket.
    answer?.body.destroy();
    const message = parent.aborted
      ? CLOSING
      : timedOut
        ? `no answer within ${app.answerTimeoutMs} ms`
        : `unreachable: ${failureText(error)}`;
    return { kind: 'failed', message };
  } finally {
    clearTimeout(timer);
    parent.removeEventListener('abort', onParentAbort);
  }
}

/**
 * Judges an answer to `new` or `continue`: a non-2xx status, a body that is not JSON or that
 * fails `sessionCommandSchema` is `UnexpectedUssdAppResponse`; no answer is `InternalError`.
 *
 * @example
 * ```ts
 * const judged = judgeCommand(await postEvent(app, 'new', body, signal));
 * ```
 */
export function judgeCommand(outcome: HttpOutcome): CommandOutcome {
  if (outcome.kind === 'failed') {
    return { ok: false, reason: 'InternalError', message: outcome.message };
  }
  if (outcome.status < 200 || outcome.status > 299) {
    return {
      ok: false,
      reason: 'UnexpectedUssdAppResponse',
      message: `HTTP ${outcome.status}`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(outcome.text);
  } catch {
    return { ok: false, reason: 'UnexpectedUssdAppResponse', message: 'answer is not JSON' };
  }
  const parsed = sessionCommandSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined ? '' : `${issue.path.map(String).join('.')}: `;
    return {
      ok: false,
      reason: 'UnexpectedUssdAppResponse',
      message: `invalid answer: ${where}${issue?.message ?? 'invalid'}`,
    };
  }
  return { ok: true, command: parsed.data };
}
