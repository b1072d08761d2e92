import type { AppProtocol, GatewayApp } from '../GatewayDeps';

/** A gateway whose callback protocol the sandbox speaks: every protocol but its own. */
export type ProviderName = Exclude<AppProtocol, 'native'>;

/**
 * The session as a provider's request is built from it, at one request. The gateway builds each
 * request twice: once to send, once for the transcript, where every input typed on a secret
 * screen is `••••`.
 *
 * @example
 * ```ts
 * const body = { Mobile: hop.msisdn, SessionId: hop.sessionId, Sequence: hop.sent + 1 };
 * ```
 */
export interface ProviderHop {
  /** The sandbox's session id, sent as the provider's session id. */
  readonly sessionId: string;
  /** The subscriber's number, international, without `+` (`2348031234567`). */
  readonly msisdn: string;
  /** The same number with its `+` (`+2348031234567`), as Africa's Talking sends it. */
  readonly phone: string;
  /** The network of the number, lower case (`mtn`, `airtel`, `glo`, `etisalat`). */
  readonly operator: string;
  /**
   * The account a provider names in every request and wants echoed (Arkesel's `userID`, Nalo's
   * `USERID`): the app's developer, its `clientId`.
   */
  readonly account: string;
  /** The whole dialled string, a deep link's segments included: `*384*31*1#`. */
  readonly dial: string;
  /** The code the session is for, without `*`, `#` or a deep link's segments: `384*31`. */
  readonly code: string;
  /** The segments dialled after the app's code (a deep link): `['1']`. */
  readonly segments: readonly string[];
  /** Every input of the session so far, the newest last. */
  readonly inputs: readonly string[];
  /** How many requests of the session were sent before this one. */
  readonly sent: number;
  /**
   * What the app's last answer gave the provider to hand back on the next request only (Hubtel's
   * `ClientState`, Beem's `payload.request_id`), or `undefined`.
   */
  readonly carried: string | number | undefined;
}

/** How a session ended, as a provider's out-of-band end reports it. */
export interface ProviderEnding {
  /** The app's own last screen (`End`), the phone hanging up, the 120 s limit, or an abort. */
  readonly kind: 'End' | 'Abandon' | 'Timeout' | 'abort';
  /** The abort's sentence, for an abort. */
  readonly message: string | undefined;
  /** Sandbox milliseconds. */
  readonly startedAt: number;
  readonly endedAt: number;
  /** The session's fee, in the sandbox's currency. */
  readonly fee: number;
  /** The app's last answer as it sent it, or `""`. */
  readonly lastResponse: string;
}

/** One HTTP request of a provider, before the gateway sends it. */
export interface ProviderRequest {
  /** @defaultValue `"POST"` */
  readonly method?: 'POST' | 'PUT';
  /** Appended to the path of the app's URL (Infobip's `/{sessionId}/start`). @defaultValue none */
  readonly path?: string;
  /** Where to send it instead of the app's URL (Africa's Talking's notification). @defaultValue the app's `url` */
  readonly url?: string;
  readonly encoding: 'form' | 'json';
  /** The fields; a form's are strings. */
  readonly body: Readonly<Record<string, unknown>>;
  /** Names the request in the transcript. @defaultValue the protocol's name */
  readonly label?: string;
  /** A line for the transcript before the request: what the provider leaves out, and why. */
  readonly note?: string;
}

/** An answer the protocol can show: the screen, whether it ends the session, what it carries. */
export interface ProviderAnswer {
  readonly screen: string;
  readonly ends: boolean;
  /** A value the provider hands back on the next request only (see {@link ProviderHop.carried}). */
  readonly carry?: string | number | undefined;
  /** The answer marks its screen as asking a secret in the provider's own words (Hubtel's `MaskNextRoute`). */
  readonly secret?: boolean;
}

/**
 * One gateway's callback protocol, declared: how its requests are built (a session's start, a
 * continue, an out-of-band end), how its answers are read (the text, the continue/end marker, the
 * echo fields), and how much of a screen it shows. One shared caller, `providerCalls`, runs every
 * declaration; Africa's Talking is one of them.
 *
 * @example
 * ```ts
 * const calls = providerCalls(hubtelProtocol);
 * ```
 */
export interface ProviderProtocol {
  readonly name: ProviderName;
  /** The provider's name in sentences: `Hubtel`. */
  readonly title: string;
  /**
   * The longest screen the provider shows, in characters; a longer one is cut to it.
   * @defaultValue none: screens are shown whole
   */
  readonly screenLimit?: number;
  /** The request that starts the session (`start`) or carries the newest input (`continue`). */
  request(hop: ProviderHop, step: 'start' | 'continue'): ProviderRequest;
  /**
   * Reads a 2xx answer's body: the answer, or what is wrong with it as the end of the sentence
   * `The <title> app at <url> answered …` (what it answered, then what to answer instead).
   */
  read(body: string, hop: ProviderHop): ProviderAnswer | { readonly problem: string };
  /**
   * The request that tells the app the session ended, or, when the provider sends none for this
   * ending, the transcript's line that says so.
   */
  end(
    hop: ProviderHop,
    ending: ProviderEnding,
    app: GatewayApp,
  ): ProviderRequest | { readonly none: string };
}
