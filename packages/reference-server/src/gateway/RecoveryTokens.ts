import { randomInt } from 'node:crypto';

/** How long a recovery short code stays valid, in sandbox milliseconds (spec: 5 minutes). */
export const RECOVERY_VALIDITY_MS = 5 * 60_000;

interface Entry {
  readonly sessionId: string;
  readonly expiresAt: number;
}

/**
 * Recovery short codes of pushed sessions, `*<main>*<appCode>*<5 digits>#`. A code is valid for
 * 5 minutes of sandbox time and is spent by dialling it once or by answering the push.
 *
 * @example
 * ```ts
 * const code = tokens.issue('384', '1', sessionId, clock.now());
 * tokens.redeem(code, clock.now()); // sessionId, then undefined
 * ```
 */
export class RecoveryTokens {
  readonly #byCode = new Map<string, Entry>();

  issue(mainCode: string, appCode: string, sessionId: string, now: number): string {
    for (;;) {
      const digits = String(randomInt(0, 100_000)).padStart(5, '0');
      const code = `*${mainCode}*${appCode}*${digits}#`;
      const existing = this.#byCode.get(code);
      if (existing === undefined || existing.expiresAt <= now) {
        this.#byCode.set(code, { sessionId, expiresAt: now + RECOVERY_VALIDITY_MS });
        return code;
      }
    }
  }

  /** The session of a valid code, spending it; undefined for an unknown or expired code. */
  redeem(code: string, now: number): string | undefined {
    const entry = this.#byCode.get(code);
    if (entry === undefined) return undefined;
    this.#byCode.delete(code);
    return entry.expiresAt > now ? entry.sessionId : undefined;
  }

  /** Spends a code without using it (the push was answered, or the session ended). */
  revoke(code: string | undefined): void {
    if (code !== undefined) this.#byCode.delete(code);
  }
}
