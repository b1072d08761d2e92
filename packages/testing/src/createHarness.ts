import { HarnessSession } from './HarnessSession';
import { secretInputs } from './internal/secretInputs';
import type { UssdHandler } from './UssdHandler';

/**
 * Options of {@link createHarness}: who the gateway says it is calling for.
 *
 * @example
 * ```ts
 * createHarness(app, { appId: 'shop', authToken: process.env.USSD_TOKEN });
 * ```
 */
export interface HarnessOptions {
  /** @defaultValue `'test-client'` */
  readonly clientId?: string;
  /** @defaultValue `'test-app'` */
  readonly appId?: string;
  /** @defaultValue `'+2348030000000'` */
  readonly msisdn?: string;
  /** @defaultValue `'mtn'` */
  readonly operator?: string;
  /** Sent as the raw `Authorization` header, as the gateway sends the app's token. */
  readonly authToken?: string;
}

/**
 * Per-session overrides of the harness options.
 *
 * @example
 * ```ts
 * await phone.dial('*384*1#', { msisdn: '+2348031111111', sessionId: 'fixed-id' });
 * ```
 */
export interface StartOptions {
  readonly msisdn?: string;
  readonly operator?: string;
  /** @defaultValue a random UUID */
  readonly sessionId?: string;
}

/**
 * Starts sessions on one app: {@link createHarness}'s result.
 *
 * @example
 * ```ts
 * const pushed = await createHarness(app).push('{"order":"A17"}');
 * ```
 */
export interface UssdHarness {
  /** The customer dials a short code (`'*384*1#'`, `'*384*1*5#'`). */
  dial(shortcode: string, options?: StartOptions): Promise<HarnessSession>;
  /** A push reaches the customer, who answers it; the app gets `contextData`. */
  push(contextData: string, options?: StartOptions): Promise<HarnessSession>;
  /** Another app redirects the session here, with `process` (id and params) or none. */
  redirectIn(
    process?: { id: string; params?: Record<string, string> },
    options?: StartOptions,
  ): Promise<HarnessSession>;
}

/**
 * Drives an app in-process exactly as a phone through the gateway would: real wire events into the
 * app's `dispatch`, the screen rendered as the gateway renders it (choosers with `renderChooser`,
 * invalid choices re-asked without calling the app, InfoView followed by close `End`), the app's
 * `contextData` echoed back. No server, no network. What the customer types on a secret screen is
 * written `••••` in transcripts and failures: on a `@ussdkit/router` app's `input({ secret: true })`
 * (its `dispatch` says so; a `handle`-only handler's are recognised from `app.screens`), and
 * always with `session.typeSecret(pin)`.
 *
 * @example
 * ```ts
 * const phone = createHarness(app);
 * const session = await phone.dial('*384*1#', { msisdn: '+2348031111111' });
 * session.expectScreen(/Welcome/);
 * await session.pick('Buy airtime');
 * ```
 */
export function createHarness(app: UssdHandler, options: HarnessOptions = {}): UssdHarness {
  const isSecret = secretInputs(app);
  const start = (input: unknown, label: string, overrides: StartOptions = {}) => {
    const identity = {
      clientId: options.clientId ?? 'test-client',
      appId: options.appId ?? 'test-app',
      sessionId: overrides.sessionId ?? crypto.randomUUID(),
      headers: options.authToken === undefined ? {} : { authorization: options.authToken },
    };
    const session = new HarnessSession(app, identity, isSecret);
    const fields = {
      msisdn: overrides.msisdn ?? options.msisdn ?? '+2348030000000',
      operator: overrides.operator ?? options.operator ?? 'mtn',
      input,
    };
    return session.start(fields, label);
  };
  return {
    dial: (shortcode, overrides) =>
      start({ type: 'Dial', shortcodeString: shortcode }, `dial ${shortcode}`, overrides),
    push: (contextData, overrides) =>
      start({ type: 'Push', contextData }, `push ${JSON.stringify(contextData)}`, overrides),
    redirectIn: (process, overrides) =>
      start(
        process === undefined
          ? { type: 'Redirect' }
          : { type: 'Redirect', process: { id: process.id, params: process.params ?? {} } },
        `redirect in ${process === undefined ? '' : JSON.stringify(process)}`.trim(),
        overrides,
      ),
  };
}
