import type { AttemptSignal } from './AttemptSignal';

/** An HTTP answer as both senders give it: no `Response` or `Headers` on the hot path. */
export interface Answer {
  readonly status: number;
  /** The reason phrase, for error messages (may be empty). */
  readonly statusText: string;
  /** The whole body, read as UTF-8 text. */
  readonly text: string;
  /** One header's value (several values joined by `, `), by lower-case name. */
  header(name: string): string | undefined;
  /** Every header, built on demand (for `ApiError.headers`). */
  headers(): Headers;
}

/** One attempt's request, ready to send: the path is relative to the client's base URL. */
export interface Outgoing {
  readonly method: 'GET' | 'POST';
  /** Path and query, already encoded, starting with `/`. */
  readonly path: string;
  /** Shared between calls: a sender must not change it. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  /** Aborts the attempt (its timeout, or the caller's signal). */
  readonly signal: AttemptSignal;
}

/** Sends one attempt; rejects when no answer arrived (refused, reset, aborted). */
export type Send = (outgoing: Outgoing) => Promise<Answer>;

/** The client's wire: how it sends, and how it lets go of the connections it owns. */
export interface Sender {
  readonly send: Send;
  /** Releases pooled connections; the sender makes new ones if used again. */
  close(): Promise<void>;
}
