import type { GatewaySession } from '../GatewaySession';

/**
 * What `GET /sandbox/phones/{msisdn}` shows of the latest push to a phone: a pushed session
 * waiting for the customer's answer (`open: true`), or the message of a push whose first screen
 * was an InfoView (`open: false`, the session already closed with `End`).
 *
 * @example
 * ```ts
 * const shown: PendingPush = { sessionId: 's1', screen: 'Your order is on its way', open: false };
 * ```
 */
export interface PendingPush {
  readonly sessionId: string;
  readonly screen: string;
  /** True while the phone can answer it (`POST /sandbox/sessions/{id}/input`). */
  readonly open: boolean;
  /** Present (`true`) when the question on the screen is a secret (a PIN), as in `ScreenAnswer`. */
  readonly secret?: true;
}

/**
 * The latest push to each phone (by normalised msisdn), and what the phone shows of it. A notice
 * stays shown until the phone dismisses it (cancel), dials, or gets another push; an entry goes
 * when its session is dropped from the gateway's store, so the table holds no more phones than
 * the store holds sessions.
 *
 * @example
 * ```ts
 * phones.set('+2348031234567', session);
 * phones.shown('+2348031234567'); // { sessionId, screen, open: true } once the app answered
 * ```
 */
export class PhonePushes {
  readonly #latest = new Map<string, GatewaySession>();

  set(phone: string, session: GatewaySession): void {
    this.#latest.set(phone, session);
  }

  /** What the phone shows of its latest push, if anything. */
  shown(phone: string): PendingPush | undefined {
    const session = this.#latest.get(phone);
    if (session?.push === undefined || session.push.takenUp) return undefined;
    const { id: sessionId, screen } = session;
    if (session.open) {
      // Until the app's first screen is there, the phone has nothing to show.
      if (session.waiting === undefined) return undefined;
      return session.asksSecret === true
        ? { sessionId, screen, open: true, secret: true }
        : { sessionId, screen, open: true };
    }
    return session.push.notice ? { sessionId, screen, open: false } : undefined;
  }

  /** The phone put away what it showed of `session` (a notice it read), or dialled instead. */
  dismiss(phone: string, session?: GatewaySession): void {
    const latest = this.#latest.get(phone);
    if (latest === undefined || latest.open) return;
    if (session === undefined || latest === session) this.#latest.delete(phone);
  }

  /** Forgets `session` (dropped from the store). */
  forget(phone: string, session: GatewaySession): void {
    if (this.#latest.get(phone) === session) this.#latest.delete(phone);
  }

  /** Phones with a push entry (for tests and diagnostics). */
  get size(): number {
    return this.#latest.size;
  }
}
