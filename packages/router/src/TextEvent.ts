import type { CloseReasonType } from '@ussdkit/protocol';
import type { DispatchContext } from './Dispatch';

/**
 * One request of a text gateway (Africa's Talking, Hubtel, …: the customer's text comes in, the
 * screen goes out as text), as the adapter read it. The adapter says what the provider says;
 * the app keeps what it must remember per session in its own session record (so a text gateway
 * scales out like the native protocol) and the rules of a session (re-asking a wrong menu key, a
 * repeated request, the end) are the router's, the same for every provider.
 *
 * - `begin`: the provider says a session starts; `dial` is the whole dialled string
 *   (`*384*1*5#`), whose extra segments open `entry.dial` screens.
 * - `input`: the customer's latest input only.
 * - `path`: every input of the session so far joined by `*` (Africa's Talking's `text`); the
 *   first request of a session id the app does not know starts the session with `dial`.
 * - `end`: the provider ends the session out of band (a timeout, the customer hung up): the
 *   app's `onClose` runs with `reason`; a second end is a no-op.
 * - `status`: the provider asks whether the app still holds the session open (Infobip's
 *   `GET …/status`); answered `{ type: 'status', active }`, the session untouched.
 *
 * @example
 * ```ts
 * const event: TextEvent = { type: 'input', sessionId: 'h-1', msisdn: '+233200000001', input: '2' };
 * ```
 */
export type TextEvent =
  | (TextStart & { readonly type: 'begin' })
  | (TextRequest & { readonly type: 'input'; readonly input: string })
  | (TextStart & { readonly type: 'path'; readonly path: string })
  | { readonly type: 'end'; readonly sessionId: string; readonly reason: CloseReasonType }
  | { readonly type: 'status'; readonly sessionId: string };

/**
 * What every request of a session carries: the provider's session id and the customer's number
 * (a session refuses a request from another number).
 *
 * @example
 * ```ts
 * const request: TextRequest = { sessionId: 'h-1', msisdn: '+233200000001' };
 * ```
 */
export interface TextRequest {
  readonly sessionId: string;
  readonly msisdn: string;
  /**
   * The provider's number for this request within its session, when it sends one (Hubtel's
   * `Sequence`, Beem's `request_id`): a request whose step is not past the last one served is a
   * resent or late request, answered with the session's last screen without calling the app.
   * Without it, a resent input cannot be told from the customer typing the same input again.
   * @defaultValue none: every input is taken as new
   */
  readonly step?: number | undefined;
}

/**
 * What a request that may start a session carries besides: the dialled string and where from.
 *
 * @example
 * ```ts
 * const start: TextStart = { sessionId: 'h-1', msisdn: '+233200000001', dial: '*713*1*5#' };
 * ```
 */
export interface TextStart extends TextRequest {
  /** The whole dialled string (`*384*1234*5#`): its extra segments open `entry.dial` screens. */
  readonly dial: string;
  /** The customer's network, as the provider names it. */
  readonly operator?: string | undefined;
  /** The provider's code for the app (`*384*1234#`), see {@link TextContext.gateway}. */
  readonly serviceCode?: string | undefined;
}

/**
 * What {@link UssdApp.dispatchText} resolves to.
 *
 * - `screen`: the text to show (a menu rendered as the gateway renders it), whether it ends the
 *   session, and whether the customer's next input is secret (masked in every report).
 * - `ended`: an `end` was taken (or the session was not known).
 * - `refused`: the request cannot be served (what to change is in `message`, never a secret);
 *   answer it with `status`.
 * - `status`: the answer to a `status` event: whether the session is open (started and not
 *   ended).
 *
 * @example
 * ```ts
 * const answer = await app.dispatchText(event);
 * if (answer.type === 'screen') reply(`${answer.ends ? 'END' : 'CON'} ${answer.text}`);
 * ```
 */
export type TextAnswer =
  | {
      readonly type: 'screen';
      readonly text: string;
      readonly ends: boolean;
      readonly secret: boolean;
    }
  | { readonly type: 'ended' }
  | { readonly type: 'status'; readonly active: boolean }
  | {
      readonly type: 'refused';
      readonly status: 400 | 403 | 409 | 413;
      readonly code: string;
      readonly message: string;
    };

/**
 * What {@link UssdApp.dispatchText} needs besides the event. A text gateway carries no token:
 * its door checks the caller by its own means before it dispatches.
 *
 * @example
 * ```ts
 * await app.dispatchText(event, { gateway: 'hubtel', invalidChoice: 'Invalid choice. Try again.' });
 * ```
 */
export interface TextContext extends Pick<DispatchContext, 'waitUntil'> {
  /**
   * The provider's name: the `clientId` of the session's events, and with the event's
   * `serviceCode` its `appId`, under which what the app keeps per caller (`resume`) is kept, so
   * that two apps behind one provider sharing a store keep their callers apart.
   * @defaultValue `'text'`
   */
  readonly gateway?: string | undefined;
  /**
   * Put above a menu shown again after a key that is none of its items (the gateway's rule).
   * @defaultValue `'Invalid choice. Try again.'`
   */
  readonly invalidChoice?: string | undefined;
}
