import type { AtNotification } from './AtNotification';
import type { AtSessionStore } from './AtSessionStore';

/**
 * The texts the adapter shows by itself, where the native gateway would show its own.
 *
 * @example
 * ```ts
 * africasTalking(app, { messages: { invalidChoice: 'Chaguo si sahihi. Jaribu tena.' } });
 * ```
 */
export interface AfricasTalkingMessages {
  /**
   * Put above a menu shown again after a key that is none of its items.
   * @defaultValue `'Invalid choice. Try again.'`
   */
  readonly invalidChoice: string;
  /**
   * Shown (with `END`) when the adapter cannot go on: the app's answer was unusable, the store
   * failed, or `text` did not extend the session's previous `text`.
   * @defaultValue the router's `DEFAULT_MESSAGES.unavailable`
   */
  readonly unavailable: string;
}

/**
 * Options of {@link africasTalking}.
 *
 * @example
 * ```ts
 * africasTalking(app, { secret: process.env.AT_CALLBACK_SECRET, store: sharedStore });
 * ```
 */
export interface AfricasTalkingOptions {
  /**
   * Where each session's previous `text` and the app's `contextData` are kept.
   * @defaultValue `memoryAtSessionStore()` (one instance only)
   */
  readonly store?: AtSessionStore | undefined;
  /**
   * A shared secret that every request must carry in the query parameter `secretParam`: register
   * `https://your.host/ussd?secret=<it>` as the callback and the notifications URL. Africa's
   * Talking signs nothing, so this (over HTTPS) or `allowedIps` is how you know the caller.
   * @defaultValue none: requests are not checked
   */
  readonly secret?: string | undefined;
  /**
   * The query parameter that carries `secret`.
   * @defaultValue `'secret'`
   */
  readonly secretParam?: string | undefined;
  /**
   * The only client addresses answered (exact IPv4 or IPv6 addresses, or IPv4 CIDR ranges); any
   * other gets 403. Needs `clientIp`, except with `@ussdkit/africastalking/express`, which reads
   * Express's `req.ip`.
   * @defaultValue none: any address
   */
  readonly allowedIps?: readonly string[] | undefined;
  /**
   * The client's address for `allowedIps`: a web `Request` does not carry it, so say where your
   * runtime puts it (`request.headers.get('cf-connecting-ip')` on Cloudflare Workers, or the
   * header your own proxy sets). Only trust a header your platform sets itself.
   * @defaultValue none
   */
  readonly clientIp?: ((request: Request) => string | undefined) | undefined;
  /**
   * Bytes of request body read at most; past it the answer is 413.
   * @defaultValue `16_384`
   */
  readonly maxBodyBytes?: number | undefined;
  /**
   * The app's `authToken`, when `createApp` was given one: sent as the Authorization header of
   * the events the adapter gives the app in-process.
   * @defaultValue none
   */
  readonly authToken?: string | undefined;
  /** The adapter's own texts. */
  readonly messages?: Partial<AfricasTalkingMessages> | undefined;
  /**
   * The `close` reason for a notification of a session the app did not end itself.
   * @defaultValue {@link notificationCloseReason}
   */
  readonly closeReason?: ((notification: AtNotification) => 'Abandon' | 'Timeout') | undefined;
  /**
   * Called with what went wrong in the adapter (a store that throws, an answer of the app it could
   * not use); the customer sees `messages.unavailable`. The app's own errors go to its `onError`.
   * @defaultValue none
   */
  readonly onError?:
    | ((error: unknown, info: { readonly sessionId: string | undefined }) => void)
    | undefined;
}
