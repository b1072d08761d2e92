import { isMsisdn, normalizeMsisdn, parseShortcode } from '@ussdkit/protocol';
import type { CommandRequest } from '../apps/appCalls';
import type { AppFrame, GatewaySession } from '../GatewaySession';
import { SECRET_MASK } from '../gatewayScreens';
import type { ProviderHop, ProviderName } from './ProviderProtocol';

/** What the gateway keeps of a session with an app of a provider's protocol. */
export interface ProviderExchange {
  readonly dial: string;
  readonly code: string;
  readonly segments: readonly string[];
  /** Every input so far; those typed on a secret screen are masked once the session is over. */
  readonly inputs: string[];
  /** The places in `inputs` of inputs typed on a screen that asked a secret. */
  readonly secret: Set<number>;
  /** Requests sent to the app. */
  sent: number;
  /** What the app's last answer asked the provider to hand back (see ProviderHop.carried). */
  carried: string | number | undefined;
  /** The app's last answer as it sent it, or `""`. */
  lastResponse: string;
}

/** One per frame of an app of a provider's protocol that got its first request. */
const exchanges = new WeakMap<AppFrame, ProviderExchange>();

/**
 * The exchange of `frame` after `request`, or why the request cannot be sent: such an app is
 * reached by a dial only (no push, no redirect into it), and only shows free-text questions.
 *
 * @example
 * ```ts
 * const exchange = exchangeFor('hubtel', frame, request);
 * if ('refused' in exchange) return { ok: false, reason: 'InternalError', message: exchange.refused };
 * ```
 */
export function exchangeFor(
  name: ProviderName,
  frame: AppFrame,
  request: CommandRequest,
): ProviderExchange | { readonly refused: string } {
  const noCounterpart = (what: string) => ({
    refused: `App ${frame.app.appId} is registered with protocol "${name}", which has no ${what}: only a dial reaches such an app. Register it with the native protocol to use it, or leave it out of the flow.`,
  });
  if (request.event === 'new') {
    const input = request.body.input;
    if (input.type !== 'Dial') return noCounterpart(input.type === 'Push' ? 'push' : 'redirect');
    const code = parseShortcode(input.shortcodeString);
    const exchange: ProviderExchange = {
      dial: input.shortcodeString,
      code: code.shortcode,
      segments: code.segments,
      inputs: [],
      secret: new Set(),
      sent: 0,
      carried: undefined,
      lastResponse: '',
    };
    exchanges.set(frame, exchange);
    return exchange;
  }
  const exchange = exchanges.get(frame);
  const result = request.body.result;
  if (exchange === undefined) return noCounterpart('redirect');
  // Only the InputView of a screen that goes on is ever shown for such an app: its result is the input.
  if (result.type !== 'InputResult') return noCounterpart(result.type);
  exchange.inputs.push(result.value);
  if (request.secretInput === true) exchange.secret.add(exchange.inputs.length - 1);
  return exchange;
}

/**
 * The exchange of `frame`, when its app got a request.
 *
 * @example
 * ```ts
 * const exchange = exchangeOf(frame);
 * ```
 */
export function exchangeOf(frame: AppFrame): ProviderExchange | undefined {
  return exchanges.get(frame);
}

/**
 * The session at the request about to be sent: `sent` the real one, `shown` the transcript's,
 * where every secret input is `••••`.
 *
 * @example
 * ```ts
 * const { sent, shown } = hopsOf(session, frame, exchange);
 * ```
 */
export function hopsOf(
  session: GatewaySession,
  frame: AppFrame,
  exchange: ProviderExchange,
): { readonly sent: ProviderHop; readonly shown: ProviderHop } {
  const phone = isMsisdn(session.msisdn) ? normalizeMsisdn(session.msisdn) : session.msisdn;
  const sent: ProviderHop = {
    sessionId: session.id,
    msisdn: phone.replace(/^\+/, ''),
    phone,
    operator: session.operator,
    account: frame.app.clientId,
    dial: exchange.dial,
    code: exchange.code,
    segments: exchange.segments,
    inputs: [...exchange.inputs],
    sent: exchange.sent,
    carried: exchange.carried,
  };
  const inputs = exchange.inputs.map((input, index) =>
    exchange.secret.has(index) ? SECRET_MASK : input,
  );
  return { sent, shown: { ...sent, inputs } };
}

/** What the gateway keeps of the inputs once the session is over: its secret ones masked. */
export function forgetSecrets(exchange: ProviderExchange): void {
  for (const index of exchange.secret) exchange.inputs[index] = SECRET_MASK;
}
