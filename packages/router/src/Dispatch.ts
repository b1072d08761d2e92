import type {
  AbortSession,
  CloseSession,
  ContinueSession,
  NewSession,
  SessionCommand,
} from '@ussdkit/protocol';

/**
 * One event of the gateway's native protocol, parsed: what the four `POST
 * …/ussdSessionEvent/{new,continue,close,abort}` carry, as `@ussdkit/protocol` types them.
 *
 * @example
 * ```ts
 * const event: UssdEvent = {
 *   type: 'new',
 *   body: { sessionId: 's-1', clientId: 'c', appId: 'a', msisdn: '+2348030000000', operator: 'mtn',
 *     input: { type: 'Dial', shortcodeString: '*384*1#' } },
 * };
 * ```
 */
export type UssdEvent =
  | { readonly type: 'new'; readonly body: NewSession }
  | { readonly type: 'continue'; readonly body: ContinueSession }
  | { readonly type: 'close'; readonly body: CloseSession }
  | { readonly type: 'abort'; readonly body: AbortSession };

/**
 * What the checks of an event need beside the event: who is calling.
 *
 * @example
 * ```ts
 * await app.dispatch(event, { authorization: request.headers.get('authorization') ?? undefined });
 * ```
 */
export interface DispatchContext {
  /**
   * The `Authorization` value the request carried: compared (in constant time) with the app's
   * `authToken` when it has one. A missing or different value is refused with 401.
   */
  readonly authorization?: string | undefined;
  /**
   * The caller was verified by the door itself (a gateway adapter's own check: a secret in the
   * URL, an address allow-list), so the app's `authToken`, which only the native gateway sends,
   * is not compared.
   * @defaultValue `false`
   */
  readonly trusted?: boolean | undefined;
  /**
   * Keeps the runtime alive for work the app does after its answer (a close hook run once a
   * text gateway's final screen is sent): Cloudflare's `ctx.waitUntil`. Elsewhere the work
   * simply goes on after the answer.
   * @defaultValue none
   */
  readonly waitUntil?: ((work: Promise<unknown>) => void) | undefined;
}

/**
 * A JSON error answer: what went wrong and what to change, and the field at fault when a body
 * failed its schema.
 *
 * @example
 * ```ts
 * const error: ErrorBody = { code: 'UNAUTHORIZED', message: 'The Authorization header is missing' };
 * ```
 */
export interface ErrorBody {
  readonly code: string;
  readonly message: string;
  readonly field?: string | undefined;
}

/**
 * What {@link UssdApp.dispatch} resolves to, by HTTP status: the session command for `new` and
 * `continue` (and whether the screen it shows asks a secret), nothing for `close` and `abort`, or
 * an error. Never a rejected promise.
 *
 * @example
 * ```ts
 * const result = await app.dispatch(event, { authorization: token });
 * if (result.status === 200) show(result.command.action);
 * ```
 */
export type DispatchResult =
  | {
      readonly status: 200;
      readonly command: SessionCommand;
      /** The screen shown is an `input({ secret: true })`: the customer's next input is secret. */
      readonly secret: boolean;
    }
  | { readonly status: 204 }
  | { readonly status: 401 | 409 | 500; readonly error: ErrorBody };
