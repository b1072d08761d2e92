import type { SessionEventName } from './RouterEvent';

/**
 * Where an error happened, as `onError` and the logger receive it. No input value and no state
 * is included: what a customer typed (a PIN) never reaches a log this way.
 *
 * @example
 * ```ts
 * onError: (error, { sessionId, event, screen }) => report(error, { sessionId, event, screen })
 * ```
 */
export interface ErrorInfo {
  readonly sessionId: string | undefined;
  readonly event: SessionEventName;
  /** The screen the session was on when it failed, when known. */
  readonly screen?: string | undefined;
}

/**
 * A structured logger the router writes its errors to: pino's and most others' `error(object,
 * message)` shape.
 *
 * @example
 * ```ts
 * import pino from 'pino';
 * createApp({ ...options, logger: pino() });
 * ```
 */
export interface RouterLogger {
  error(details: Record<string, unknown>, message: string): void;
}
