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
 * A structured logger: pino's and most others' `level(object, message)` shape. The router writes
 * its errors to `error`; when the logger has them, one line per event to `info` (`warn` past the
 * deadline) and each `RouterEvent` to `debug`. Secret inputs are redacted, and the
 * customer's number is never written.
 *
 * @example
 * ```ts
 * import pino from 'pino';
 * createApp({ ...options, logger: pino() });
 * ```
 */
export interface RouterLogger {
  error(details: Record<string, unknown>, message: string): void;
  warn?(details: Record<string, unknown>, message: string): void;
  info?(details: Record<string, unknown>, message: string): void;
  debug?(details: Record<string, unknown>, message: string): void;
}
