import { isMsisdn, normalizeMsisdn, parseShortcode } from '@ussdkit/protocol';
import type { GatewayApp } from '../GatewayDeps';
import type { AppFrame, GatewaySession } from '../GatewaySession';
import { SECRET_MASK } from '../gatewayScreens';
import type { AppCall, AppCalls, CommandRequest, EndedRequest } from './appCalls';
import type { AppRequest, CommandOutcome, HttpOutcome } from './callApp';
import { describeCallFailure, excerpt } from './describeAppFailure';
import { type AtAnswer, readAtAnswer } from './readAtAnswer';
import { shownUrl } from './shownUrl';

/** What the gateway keeps of an Africa's Talking session, beside the session itself. */
interface AtExchange {
  /** `*<main>*<app>#`, without the dialled segments. */
  readonly serviceCode: string;
  /** The dialled segments, then every input: `text` is them joined by `*`. */
  readonly parts: string[];
  /** The places in `parts` of inputs typed on a screen that asked a secret. */
  readonly secretParts: Set<number>;
  /** Requests sent to the app. */
  hops: number;
  /** The app's last answer as it sent it (`CON …`, `END …`, or what it was instead), or `""`. */
  lastResponse: string;
}

/** One per frame of an Africa's Talking app that got its first request; dropped with the session. */
const exchanges = new WeakMap<AppFrame, AtExchange>();

/**
 * Africa's Talking's `networkCode` (the network's MCC and MNC) of the sandbox's operators, which
 * are Nigeria's.
 */
const NETWORK_CODES: Readonly<Record<string, string>> = {
  mtn: '62130',
  airtel: '62120',
  glo: '62150',
  etisalat: '62160',
};

const FORM_HEADERS = {
  'content-type': 'application/x-www-form-urlencoded',
  accept: 'text/plain',
} as const;

function formRequest(url: string, form: Record<string, string>): AppRequest {
  return { url, headers: FORM_HEADERS, body: new URLSearchParams(form).toString() };
}

/** The number as Africa's Talking sends it: international (`+234…`) when the sandbox can tell. */
function phoneNumberOf(msisdn: string): string {
  return isMsisdn(msisdn) ? normalizeMsisdn(msisdn) : msisdn;
}

function sessionForm(session: GatewaySession, exchange: AtExchange): Record<string, string> {
  return {
    sessionId: session.id,
    serviceCode: exchange.serviceCode,
    phoneNumber: phoneNumberOf(session.msisdn),
    networkCode: NETWORK_CODES[session.operator] ?? '',
    text: exchange.parts.join('*'),
  };
}

/**
 * The path `text` as the transcript shows it: each step typed on a secret screen as `••••`, in
 * this form and every later one of the session (`1*4826*2` is `1*••••*2`).
 */
function shownPath(exchange: AtExchange): string {
  return exchange.parts
    .map((part, index) => (exchange.secretParts.has(index) ? SECRET_MASK : part))
    .join('*');
}

/** What the gateway keeps of a path once the session is over: its secret steps masked. */
function forgetSecrets(exchange: AtExchange): void {
  for (const index of exchange.secretParts) exchange.parts[index] = SECRET_MASK;
}

/** The exchange of the frame after this request, or why the request cannot be sent. */
function exchangeFor(
  frame: AppFrame,
  request: CommandRequest,
): AtExchange | { readonly refused: string } {
  const app = frame.app;
  const noCounterpart = (what: string) => ({
    refused: `App ${app.appId} is registered with protocol "africastalking", which has no ${what}: only a dial reaches such an app. Register it with the native protocol to use it, or leave it out of the flow.`,
  });
  if (request.event === 'new') {
    const input = request.body.input;
    if (input.type !== 'Dial') return noCounterpart(input.type === 'Push' ? 'push' : 'redirect');
    const code = parseShortcode(input.shortcodeString);
    const exchange = {
      serviceCode: `*${code.shortcode}#`,
      parts: [...code.segments],
      secretParts: new Set<number>(),
      hops: 0,
      lastResponse: '',
    };
    exchanges.set(frame, exchange);
    return exchange;
  }
  const exchange = exchanges.get(frame);
  const result = request.body.result;
  if (exchange === undefined) return noCounterpart('redirect');
  // Only the InputView of a CON answer is ever shown for such an app: its result is the input.
  if (result.type !== 'InputResult') return noCounterpart(`${result.type}`);
  exchange.parts.push(result.value);
  if (request.secretInput === true) exchange.secretParts.add(exchange.parts.length - 1);
  return exchange;
}

/** Why an answer cannot be shown, in one sentence that says what to change. */
function describeAtFailure(app: GatewayApp, outcome: HttpOutcome): CommandOutcome {
  const at = `The Africa's Talking app at ${shownUrl(app.url)}`;
  const patchUrl = `PATCH /sandbox/apps/${app.appId} {"url": ...}`;
  if (outcome.kind === 'failed') {
    return {
      ok: false,
      reason: 'InternalError',
      message: describeCallFailure(app, shownUrl(app.url), outcome.failure),
    };
  }
  const { status, text } = outcome;
  const said = text.trim() === '' ? '' : ` (${excerpt(text)})`;
  let why: string;
  if (status >= 300 && status < 400) {
    why = `${at} answered ${status}: the gateway does not follow redirects. Register the callback URL the app really serves with ${patchUrl}.`;
  } else if (status === 404 || status === 405) {
    why = `${at} answered ${status}${said}: nothing there handles the callback. The gateway POSTs every request of the session to the registered URL; change it with ${patchUrl}.`;
  } else if (status < 200 || status > 299) {
    why = `${at} answered ${status}${said}: an HTTP error ends the session, as on Africa's Talking; the app's own log says why.`;
  } else {
    const body = text.trim() === '' ? 'an empty body' : `a body that starts ${excerpt(text)}`;
    why = `${at} answered ${body}: answer text/plain "CON <screen>" while the session goes on, or "END <screen>" to end it.`;
  }
  return { ok: false, reason: 'UnexpectedUssdAppResponse', message: why };
}

function commandOf(answer: AtAnswer, secretInput: boolean): CommandOutcome {
  const view =
    answer.keyword === 'CON'
      ? { type: 'InputView' as const, message: answer.screen }
      : { type: 'InfoView' as const, message: answer.screen };
  const command = { action: { type: 'ShowView' as const, view }, contextData: '' };
  return secretInput ? { ok: true, command, secretInput: true } : { ok: true, command };
}

/** How the notification says the session ended. */
function notificationStatus(
  session: GatewaySession,
  request: EndedRequest,
): { status: 'Success' | 'Incomplete' | 'Failed'; errorMessage: string } {
  const type = request.body.reason.type;
  if (request.event === 'abort') {
    return { status: 'Failed', errorMessage: session.abortMessage ?? type };
  }
  if (type === 'End') return { status: 'Success', errorMessage: '' };
  return { status: 'Incomplete', errorMessage: type === 'Timeout' ? 'Session timed out' : '' };
}

/** Sandbox time as Africa's Talking writes its notification `date` (UTC). */
function atDate(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
}

/**
 * Africa's Talking's USSD protocol (docs/decisions/0016 and 0026): every request of a session is a
 * form POST to the callback URL whose `text` holds every input so far joined by `*`; an answer
 * `CON <screen>` asks for input, `END <screen>` ends the session; anything else, an HTTP error or
 * no answer ends it with an error. When the session ends, the notification goes to the app's
 * `notificationsUrl` (when it has one).
 */
export const africasTalkingCalls: AppCalls = {
  async command({ session, frame, post, log }: AppCall, request) {
    const exchange = exchangeFor(frame, request);
    if ('refused' in exchange) {
      return { ok: false, reason: 'InternalError', message: exchange.refused };
    }
    const form = sessionForm(session, exchange);
    const shown = { ...form, text: shownPath(exchange) };
    log('gateway', `africastalking ${frame.app.appId} ${JSON.stringify(shown)}`);
    exchange.hops += 1;
    const outcome = await post(formRequest(frame.app.url, form));
    if (!session.open) return undefined;
    if (outcome.kind === 'answered') {
      log('app', outcome.text);
      exchange.lastResponse = outcome.text;
    }
    const answer =
      outcome.kind === 'answered' && outcome.status >= 200 && outcome.status <= 299
        ? readAtAnswer(outcome.text)
        : undefined;
    if (answer === undefined) return describeAtFailure(frame.app, outcome);
    return commandOf(answer, outcome.kind === 'answered' && outcome.secretInput === true);
  },

  async ended({ session, frame, post, log }, request) {
    const exchange = exchanges.get(frame);
    // A redirect into the app was refused before it got any request: it knows of no session.
    if (exchange === undefined) return;
    const url = frame.app.notificationsUrl;
    if (url === undefined) {
      forgetSecrets(exchange);
      log('gateway', `no notification: app ${frame.app.appId} has no notificationsUrl`);
      return;
    }
    const endedAt = session.endedAt ?? session.startedAt;
    const form = {
      date: atDate(endedAt),
      sessionId: session.id,
      serviceCode: exchange.serviceCode,
      networkCode: NETWORK_CODES[session.operator] ?? '',
      phoneNumber: phoneNumberOf(session.msisdn),
      ...notificationStatus(session, request),
      cost: `NGN ${(session.fee ?? 0).toFixed(4)}`,
      durationInMillis: String(endedAt - session.startedAt),
      hopsCount: String(exchange.hops),
      input: exchange.parts.join('*'),
      lastAppResponse: exchange.lastResponse,
    };
    log(
      'gateway',
      `notification ${frame.app.appId} ${JSON.stringify({ ...form, input: shownPath(exchange) })}`,
    );
    const outcome = await post(formRequest(url, form));
    forgetSecrets(exchange);
    if (outcome.kind === 'answered') {
      log('app', outcome.text === '' ? `HTTP ${outcome.status}` : outcome.text);
    } else {
      const why = describeCallFailure(frame.app, shownUrl(url), outcome.failure);
      log('gateway', `notification not delivered: ${why}`);
    }
  },
};
