import { type SessionCommand, sessionCommandSchema } from '@ussdkit/protocol';
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

/**
 * POSTs one session event to an app with its raw `Authorization` token, within the app's answer
 * deadline (real time). Never throws: a timeout or a connection failure is a `failed` outcome.
 *
 * @example
 * ```ts
 * const outcome = await postEvent(app, 'close', body, gatewaySignal);
 * ```
 */
export async function postEvent(
  app: GatewayApp,
  event: AppEventName,
  body: unknown,
  parent: AbortSignal,
): Promise<HttpOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), app.answerTimeoutMs);
  const onParentAbort = () => controller.abort();
  if (parent.aborted) controller.abort();
  else parent.addEventListener('abort', onParentAbort, { once: true });
  try {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (app.authToken !== undefined && app.authToken !== '') headers.authorization = app.authToken;
    const response = await fetch(eventUrl(app, event), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    const text = await response.text();
    return { kind: 'answered', status: response.status, text };
  } catch (error) {
    const message = parent.aborted
      ? 'the gateway is closing'
      : controller.signal.aborted
        ? `no answer within ${app.answerTimeoutMs} ms`
        : `unreachable: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`;
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
