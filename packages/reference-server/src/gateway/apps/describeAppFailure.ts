import type { z } from 'zod';
import { isGeneratedAuthToken } from '../../config/generateAuthToken';
import type { GatewayApp } from '../GatewayDeps';
import { describeSchemaIssue } from './describeSchemaIssue';

/** The four app events, named as their path suffix. */
export type AppEventName = 'new' | 'continue' | 'close' | 'abort';

/** A call to an app that got no answer: the gateway closing, the deadline, or the socket. */
export type CallFailure =
  | { readonly type: 'closing' }
  | { readonly type: 'timeout' }
  | {
      readonly type: 'unreachable';
      /** The socket error's code, e.g. `ECONNREFUSED`, when it had one. */
      readonly code: string | undefined;
      /** The socket error's own message. */
      readonly error: string;
    };

/** Anything that went wrong calling an app or reading its answer to `new` or `continue`. */
export type AppFailure =
  | CallFailure
  | { readonly type: 'status'; readonly status: number; readonly text: string }
  | { readonly type: 'notJson'; readonly status: number; readonly text: string }
  | {
      readonly type: 'invalid';
      readonly issue: z.core.$ZodIssue | undefined;
      readonly json: unknown;
    };

/** Socket error codes in words, and the question that goes with them. */
const SOCKET_ERRORS: Record<string, { words: string; ask: string }> = {
  ECONNREFUSED: { words: 'connection refused', ask: 'Is it running?' },
  ENOTFOUND: { words: 'host not found', ask: 'Is the host name right?' },
  EAI_AGAIN: { words: 'host name lookup failed', ask: 'Is the host name right?' },
  EHOSTUNREACH: { words: 'host unreachable', ask: 'Is the address right?' },
  ENETUNREACH: { words: 'network unreachable', ask: 'Is the address right?' },
  ECONNRESET: { words: 'connection reset', ask: 'Did the app crash?' },
  UND_ERR_SOCKET: { words: 'the app closed the connection', ask: 'Did the app crash?' },
};

/**
 * Where the gateway POSTs `event` for `app`: the app's URL plus `/ussdSessionEvent/<event>`.
 *
 * @example
 * ```ts
 * eventUrl({ ...app, url: 'http://127.0.0.1:3000/ussd/' }, 'new'); // http://127.0.0.1:3000/ussd/ussdSessionEvent/new
 * ```
 */
export function eventUrl(app: GatewayApp, event: AppEventName): string {
  return `${baseUrl(app)}/ussdSessionEvent/${event}`;
}

function baseUrl(app: GatewayApp): string {
  return app.url.replace(/\/+$/, '');
}

/** `{"code": "X", "message": "y"}` answers as ` ("y", code X)`; anything else as nothing. */
function appSaid(text: string): string {
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof body.message !== 'string' || body.message === '') return '';
    const code = typeof body.code === 'string' ? `, code ${body.code}` : '';
    return ` (${JSON.stringify(body.message)}${code})`;
  } catch {
    return '';
  }
}

/**
 * Why the app refused the `Authorization` header (401 or 403), and what to change. Every app has
 * a token; one the sandbox generated (the app was registered without one) is named as such, since
 * the developer may not know the sandbox sends it.
 */
function tokenAdvice(app: GatewayApp, refusal: string): string {
  const patch = `PATCH /sandbox/apps/${app.appId} {"authToken": ...}`;
  if (isGeneratedAuthToken(app.authToken)) {
    return `${refusal}. App ${app.appId} was registered without an authToken, so the sandbox generated one and sends it as the Authorization header (the 201 answer of POST /sandbox/apps has it, and ussdkit-sandbox prints it at start for an app of its --config file); make the app's authToken option equal it, or set the token you choose with ${patch}.`;
  }
  return `${refusal}. The sandbox sends app ${app.appId}'s authToken as the Authorization header; make the app's authToken option equal it, or change the app's token with ${patch}.`;
}

function describeStatus(app: GatewayApp, event: AppEventName, status: number, text: string) {
  const answered = `The app at ${baseUrl(app)} answered ${status} to /ussdSessionEvent/${event}`;
  const said = appSaid(text);
  const patchUrl = `PATCH /sandbox/apps/${app.appId} {"url": ...}`;
  if (status === 401) return `${answered}: ${tokenAdvice(app, 'the token does not match')}`;
  if (status === 403) return `${answered}${said}: ${tokenAdvice(app, 'it refused the token')}`;
  if (status >= 300 && status < 400) {
    return `${answered}: the gateway does not follow redirects. Register the URL the app really serves with ${patchUrl}.`;
  }
  if (status === 404 || status === 405) {
    return `${answered}${said}: nothing there handles the event. The gateway POSTs to ${eventUrl(app, event)}; if the app is mounted elsewhere, change its URL with ${patchUrl}.`;
  }
  if (status >= 500) {
    return `${answered}${said}: the app failed while handling the event; its own log says why.`;
  }
  return `${answered}${said}: the gateway needs a 2xx answer with a session command; the request it sent is in the session transcript.`;
}

/**
 * The start of a body that is not what the protocol expects, to recognise it (an HTML page, a
 * plain text), as a quoted string of at most 40 characters.
 *
 * @example
 * ```ts
 * excerpt('<html>…'); // '"<html>…"'
 * ```
 */
export function excerpt(text: string): string {
  const flat = text.trim().replace(/\s+/g, ' ');
  return JSON.stringify(flat.length > 40 ? `${flat.slice(0, 39)}…` : flat);
}

/**
 * The one sentence that explains an app failure: where the gateway called (the app's URL and the
 * event), what went wrong, and what to change (the app, or its registration through
 * `PATCH /sandbox/apps/{appId}`). Never contains the app's token. Used for the transcript, the
 * session report's `abortMessage` (shown by the web and terminal phones) and the sandbox's log.
 *
 * @example
 * ```ts
 * describeAppFailure(app, 'new', { type: 'status', status: 401, text: '' });
 * // "The app at http://127.0.0.1:3000/ussd answered 401 to /ussdSessionEvent/new: the token does not match. ..."
 * ```
 */
export function describeAppFailure(
  app: GatewayApp,
  event: AppEventName,
  failure: AppFailure,
): string {
  const answeredWith = `The app at ${baseUrl(app)} answered /ussdSessionEvent/${event} with`;
  const needed = `answer ${event} with a session command as JSON ({action, contextData}).`;
  switch (failure.type) {
    case 'closing':
    case 'timeout':
    case 'unreachable':
      return describeCallFailure(app, eventUrl(app, event), failure);
    case 'status':
      return describeStatus(app, event, failure.status, failure.text);
    case 'notJson':
      return failure.text.trim() === ''
        ? `${answeredWith} ${failure.status} and an empty body: ${needed}`
        : `${answeredWith} a body that is not JSON (it starts ${excerpt(failure.text)}): ${needed}`;
    case 'invalid':
      return `${answeredWith} an invalid session command: ${describeSchemaIssue(failure.issue, failure.json)}.`;
  }
}

/**
 * The sentence for a call to `url` that got no answer (the gateway closing, the app's deadline,
 * a socket error), for any protocol: where the gateway called and what to change.
 *
 * @example
 * ```ts
 * describeCallFailure(app, 'http://127.0.0.1:3000/at', { type: 'timeout' });
 * ```
 */
export function describeCallFailure(app: GatewayApp, url: string, failure: CallFailure): string {
  switch (failure.type) {
    case 'closing':
      return 'the gateway is closing';
    case 'timeout':
      return `The app at ${url} did not answer within ${app.answerTimeoutMs} ms (the app's answerTimeoutMs); make it answer sooner, or raise the limit with PATCH /sandbox/apps/${app.appId} {"answerTimeoutMs": ...}.`;
    case 'unreachable': {
      const known = failure.code === undefined ? undefined : SOCKET_ERRORS[failure.code];
      const why = known?.words ?? failure.error;
      return `Could not reach the app at ${url}: ${why}. ${known?.ask ?? 'Is it running?'} (app ${app.appId}, change its URL with PATCH /sandbox/apps/${app.appId} {"url": ...})`;
    }
  }
}
