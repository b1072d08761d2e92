import type { ErrorInfo } from './ErrorInfo';
import type { RouterEvent, SessionEventName } from './RouterEvent';

/**
 * How an event ended: as `event.handled` reports it for `new` and `continue`, and `ended` for a
 * `close` or `abort` handled without error.
 *
 * @example
 * ```ts
 * end: (outcome: EventOutcome) => { if (outcome === 'deadline') alert(); }
 * ```
 */
export type EventOutcome = 'answered' | 'replayed' | 'deadline' | 'error' | 'restarted' | 'ended';

/**
 * A timed step of an event: the wait for the session's lock, the store's load, save and delete,
 * and the app's own code (`handlers`: handlers, text functions, entry and close/abort hooks, and
 * the deadline fallback).
 *
 * @example
 * ```ts
 * phase: (phase: EventPhase, start, end) => histogram.record(end - start, { phase })
 * ```
 */
export type EventPhase = 'lock' | 'store.load' | 'handlers' | 'store.save' | 'store.delete';

/**
 * The session an event belongs to, as the store had it when the event arrived.
 *
 * @example
 * ```ts
 * session: ({ screen }) => console.log('the customer was on', screen ?? 'no screen yet')
 * ```
 */
export interface ObservedSession {
  /**
   * The customer's number as the gateway sent it. Personal data: put a keyed hash of it in
   * telemetry, never the number (`openTelemetry` does).
   */
  readonly msisdn: string;
  /** The screen the session was on; `undefined` on `new`. */
  readonly screen: string | undefined;
}

/**
 * Receives one event's steps, from its arrival to its answer. Every method but `end` is
 * optional. Times are milliseconds on `performance.now()`'s clock.
 *
 * @example
 * ```ts
 * const observer: EventObserver = { end: (outcome, at) => console.log(outcome, at) };
 * ```
 */
export interface EventObserver {
  /** The stored session, once loaded (on `new`, from the event itself). */
  session?(session: ObservedSession): void;
  /** A step of the event, from `start` to `end`. */
  phase?(phase: EventPhase, start: number, end: number): void;
  /** Each {@link RouterEvent} of this event: the objects `onEvent` receives, secrets redacted. */
  event?(event: RouterEvent): void;
  /** Each error reported to `onError` during this event. */
  error?(error: unknown, info: ErrorInfo): void;
  /**
   * Runs the event's work, e.g. within a tracing context, so that calls the handlers make
   * (an HTTP client with its own instrumentation) are children of the event's span.
   */
  run?<T>(work: () => Promise<T>): Promise<T>;
  /** The event is answered (or, for close and abort, done). */
  end(outcome: EventOutcome, at: number): void;
}

/**
 * Sees every event the router handles, for traces, metrics or logs: given to
 * `createApp({ instrumentations: [...] })`. `openTelemetry()` from `@ussdkit/router/otel` is
 * one. An app without any pays nothing for them.
 *
 * @example
 * ```ts
 * const timing: Instrumentation = {
 *   startEvent: ({ event, start }) => ({ end: (outcome, at) => console.log(event, outcome, at - start) }),
 * };
 * ```
 */
export interface Instrumentation {
  /** An event arrived; returns what observes it, or `undefined` to leave it. */
  startEvent(start: EventStart): EventObserver | undefined;
}

/**
 * An event as it arrives, before the session's lock is taken.
 *
 * @example
 * ```ts
 * startEvent: ({ event, sessionId }) => (event === 'new' ? observerFor(sessionId) : undefined)
 * ```
 */
export interface EventStart {
  readonly event: SessionEventName;
  readonly sessionId: string;
  /** When it arrived, on `performance.now()`'s clock. */
  readonly start: number;
}
