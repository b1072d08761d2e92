import type { AppCall, AppCalls, EndedRequest } from '../apps/appCalls';
import type { CommandOutcome, HttpOutcome } from '../apps/callApp';
import type { GatewayApp } from '../GatewayDeps';
import type { GatewaySession } from '../GatewaySession';
import { describeProviderFailure, type ProviderFailure } from './describeProviderFailure';
import {
  exchangeFor,
  exchangeOf,
  forgetSecrets,
  hopsOf,
  type ProviderExchange,
} from './ProviderExchange';
import type { ProviderEnding, ProviderProtocol, ProviderRequest } from './ProviderProtocol';

const HEADERS = {
  form: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/plain' },
  json: { 'content-type': 'application/json', accept: 'application/json' },
} as const;

/** Where `request` goes: its own URL, or the app's with the request's path appended. */
function targetUrl(app: GatewayApp, request: ProviderRequest): string {
  if (request.url !== undefined) return request.url;
  if (request.path === undefined) return app.url;
  const url = new URL(app.url);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${request.path}`;
  return url.toString();
}

function encode(request: ProviderRequest): string {
  if (request.encoding === 'json') return JSON.stringify(request.body);
  const form = Object.entries(request.body).map(([key, value]): [string, string] => [
    key,
    String(value),
  ]);
  return new URLSearchParams(form).toString();
}

/**
 * Sends `request`, after writing `shown` (the same request with its secret inputs masked) to the
 * transcript: `<label> <appId> [<method> …<path>] <fields as JSON>`.
 */
async function send(
  protocol: ProviderProtocol,
  { frame, post, log }: AppCall,
  exchange: ProviderExchange,
  request: ProviderRequest,
  shown: ProviderRequest,
): Promise<{ readonly url: string; readonly outcome: HttpOutcome }> {
  if (shown.note !== undefined) log('gateway', shown.note);
  const url = targetUrl(frame.app, request);
  const where = shown.path === undefined ? '' : ` ${shown.method ?? 'POST'} …${shown.path}`;
  const label = shown.label ?? protocol.name;
  log('gateway', `${label} ${frame.app.appId}${where} ${JSON.stringify(shown.body)}`);
  exchange.sent += 1;
  const headers = HEADERS[request.encoding];
  const outcome = await post({ method: request.method, url, headers, body: encode(request) });
  return { url, outcome };
}

/** The screen as the provider shows it: cut to its screen limit, the cut written down. */
function fitted(protocol: ProviderProtocol, screen: string, { log }: AppCall): string {
  const limit = protocol.screenLimit;
  const characters = Array.from(screen);
  if (limit === undefined || characters.length <= limit) return screen;
  log(
    'gateway',
    `screen cut to its first ${limit} characters, as ${protocol.title} shows it (the app sent ${characters.length})`,
  );
  return characters.slice(0, limit).join('');
}

function commandOf(screen: string, ends: boolean, secretInput: boolean): CommandOutcome {
  const view = ends
    ? { type: 'InfoView' as const, message: screen }
    : { type: 'InputView' as const, message: screen };
  const command = { action: { type: 'ShowView' as const, view }, contextData: '' };
  return secretInput ? { ok: true, command, secretInput: true } : { ok: true, command };
}

function endingOf(
  session: GatewaySession,
  exchange: ProviderExchange,
  { event, body }: EndedRequest,
): ProviderEnding {
  const type = body.reason.type;
  const kind =
    event === 'abort' ? 'abort' : type === 'Abandon' || type === 'Timeout' ? type : 'End';
  return {
    kind,
    message: event === 'abort' ? (session.abortMessage ?? type) : undefined,
    startedAt: session.startedAt,
    endedAt: session.endedAt ?? session.startedAt,
    fee: session.fee ?? 0,
    lastResponse: exchange.lastResponse,
  };
}

/**
 * How the gateway talks to an app of a provider's protocol, from the provider's declaration:
 * each `new` and `continue` becomes the provider's request (built once to send, once for the
 * transcript with secret inputs masked), its 2xx answer is read by the declaration into a
 * free-text question (the session goes on) or a last screen, cut to the provider's screen
 * limit; a non-2xx status or an answer the declaration cannot read aborts the session with
 * `UnexpectedUssdAppResponse`, no answer with `InternalError`. When the session ends, the
 * provider's out-of-band end is sent, when it has one for that ending; its answer is written
 * down, not judged: the session is over either way.
 *
 * @example
 * ```ts
 * const judged = await providerCalls(hubtelProtocol).command(call, { event: 'new', body });
 * ```
 */
export function providerCalls(protocol: ProviderProtocol): AppCalls {
  const describe = (app: GatewayApp, url: string, failure: ProviderFailure) =>
    describeProviderFailure(protocol.title, app, url, failure);
  return {
    requestName: (event) =>
      `its ${protocol.title} request (${event === 'new' ? 'the first of the session' : 'an input'})`,
    async command(call, request) {
      const { session, frame, log } = call;
      const exchange = exchangeFor(protocol.name, frame, request);
      if ('refused' in exchange) {
        return { ok: false, reason: 'InternalError', message: exchange.refused };
      }
      const step = request.event === 'new' ? 'start' : 'continue';
      const hops = hopsOf(session, frame, exchange);
      const sent = protocol.request(hops.sent, step);
      const shown = protocol.request(hops.shown, step);
      const { url, outcome } = await send(protocol, call, exchange, sent, shown);
      if (!session.open) return undefined;
      if (outcome.kind === 'failed') {
        const message = describe(frame.app, url, { type: 'call', failure: outcome.failure });
        return { ok: false, reason: 'InternalError', message };
      }
      log('app', outcome.text);
      exchange.lastResponse = outcome.text;
      const unexpected = (failure: ProviderFailure): CommandOutcome => ({
        ok: false,
        reason: 'UnexpectedUssdAppResponse',
        message: describe(frame.app, url, failure),
      });
      const { status, text } = outcome;
      if (status < 200 || status > 299) return unexpected({ type: 'status', status, text });
      const answer = protocol.read(text, hops.sent);
      if ('problem' in answer) return unexpected({ type: 'answer', problem: answer.problem });
      exchange.carried = answer.carry;
      const secret = outcome.secretInput === true || answer.secret === true;
      return commandOf(fitted(protocol, answer.screen, call), answer.ends, secret);
    },

    async ended(call, request) {
      const { session, frame, log } = call;
      const exchange = exchangeOf(frame);
      // A redirect into the app was refused before it got any request: it knows of no session.
      if (exchange === undefined) return;
      const ending = endingOf(session, exchange, request);
      const hops = hopsOf(session, frame, exchange);
      const sent = protocol.end(hops.sent, ending, frame.app);
      const shown = protocol.end(hops.shown, ending, frame.app);
      forgetSecrets(exchange);
      if ('none' in sent || 'none' in shown) {
        log('gateway', 'none' in shown ? shown.none : `${protocol.name}: nothing sent`);
        return;
      }
      const { url, outcome } = await send(protocol, call, exchange, sent, shown);
      const label = shown.label ?? protocol.name;
      if (outcome.kind === 'failed') {
        const why = describe(frame.app, url, { type: 'call', failure: outcome.failure });
        log('gateway', `${label} not delivered: ${why}`);
        return;
      }
      log('app', outcome.text === '' ? `HTTP ${outcome.status}` : outcome.text);
      if (outcome.status < 200 || outcome.status > 299) {
        log(
          'gateway',
          `${label} answered ${outcome.status}: ${protocol.title} expects a 2xx answer (the session is over either way)`,
        );
      }
    },
  };
}
