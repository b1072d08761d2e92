import type { AbortReason, CloseReasonType, ContinueSession, NewSession } from '@ussdkit/protocol';
import type { GatewayApp } from '../GatewayDeps';
import type { AppFrame, GatewaySession } from '../GatewaySession';
import { SECRET_MASK } from '../gatewayScreens';
import { providerCalls } from '../providers/providerCalls';
import { providerProtocols } from '../providers/providerProtocols';
import {
  type AppEventName,
  type AppRequest,
  type CommandOutcome,
  type HttpOutcome,
  judgeCommand,
} from './callApp';
import { describeAppFailure, eventUrl } from './describeAppFailure';

/**
 * `new` or `continue` with the body the native protocol sends; `secretInput` when the continue's
 * `InputResult` was typed on a screen that asks a secret (it is then written masked).
 */
export type CommandRequest =
  | { readonly event: 'new'; readonly body: NewSession }
  | {
      readonly event: 'continue';
      readonly body: ContinueSession;
      readonly secretInput?: true;
    };

/** The end of a session, with the body of the native `close` or `abort` event. */
export interface EndedRequest {
  readonly event: 'close' | 'abort';
  readonly body: {
    readonly clientId: string;
    readonly appId: string;
    readonly sessionId: string;
    readonly reason: { readonly type: CloseReasonType } | AbortReason;
    readonly contextData: string;
  };
}

/** What a protocol needs from the session machine for one call. */
export interface AppCall {
  readonly session: GatewaySession;
  /** The app called, with the contextData it last set. */
  readonly frame: AppFrame;
  /** POSTs to the app within its deadline over the gateway's connections; never throws. */
  post(request: AppRequest): Promise<HttpOutcome>;
  /** Writes a line to the session's transcript. */
  log(from: 'app' | 'gateway', text: string): void;
}

/**
 * How the gateway talks to an app of one protocol. The session machine speaks in the native
 * protocol's terms (events, session commands); each protocol turns them into its own requests
 * and reads its answers back as session commands.
 */
export interface AppCalls {
  /**
   * Sends `new` or `continue` and reads the answer as a session command; `undefined` when the
   * session ended while the app was answering.
   */
  command(call: AppCall, request: CommandRequest): Promise<CommandOutcome | undefined>;
  /** Tells the app the session ended; failures are written to the transcript, never thrown. */
  ended(call: AppCall, request: EndedRequest): Promise<void>;
  /** The request of `event` as its protocol names it, for sentences about it. */
  requestName(event: 'new' | 'continue'): string;
}

/** The body as the transcript shows it: a secret input as `••••`, the rest as sent. */
function loggedBody(request: CommandRequest, json: string): string {
  if (request.event !== 'continue' || request.secretInput !== true) return json;
  const { result } = request.body;
  if (result.type !== 'InputResult') return json;
  return JSON.stringify({ ...request.body, result: { ...result, value: SECRET_MASK } });
}

/** The JSON request of a native event: the app's token as the raw `Authorization` header. */
function eventRequest(app: GatewayApp, event: AppEventName, json: string): AppRequest {
  return {
    url: eventUrl(app, event),
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: app.authToken,
    },
    body: json,
  };
}

/**
 * The native protocol (the spec's): each event POSTed as JSON to `<url>/ussdSessionEvent/<event>`,
 * `new` and `continue` answered with a session command.
 */
export const nativeCalls: AppCalls = {
  requestName: (event) => `/ussdSessionEvent/${event}`,

  async command({ session, frame, post, log }, request) {
    const { event, body } = request;
    const json = JSON.stringify(body);
    log('gateway', `${event} ${frame.app.appId} ${loggedBody(request, json)}`);
    const outcome = await post(eventRequest(frame.app, event, json));
    if (!session.open) return undefined;
    if (outcome.kind === 'answered') log('app', outcome.text);
    return judgeCommand(frame.app, event, outcome);
  },

  async ended({ frame, post, log }, { event, body }) {
    const json = JSON.stringify(body);
    log('gateway', `${event} ${frame.app.appId} ${json}`);
    const outcome = await post(eventRequest(frame.app, event, json));
    if (outcome.kind === 'answered')
      log('app', outcome.text === '' ? `HTTP ${outcome.status}` : outcome.text);
    else
      log(
        'gateway',
        `${event} not delivered: ${describeAppFailure(frame.app, event, outcome.failure)}`,
      );
  },
};

/** The calls of each provider's protocol, made once. */
const providers = new Map(
  Object.values(providerProtocols).map((protocol) => [protocol.name, providerCalls(protocol)]),
);

/**
 * The calls of `app`'s protocol: the native events, or a provider's declaration run by
 * `providerCalls`.
 *
 * @example
 * ```ts
 * const judged = await appCallsOf(frame.app).command(call, { event: 'new', body });
 * ```
 */
export function appCallsOf(app: GatewayApp): AppCalls {
  const protocol = app.protocol ?? 'native';
  return protocol === 'native' ? nativeCalls : (providers.get(protocol) ?? nativeCalls);
}
