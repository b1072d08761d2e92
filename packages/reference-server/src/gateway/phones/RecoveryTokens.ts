/** How long a recovery short code stays valid, in sandbox milliseconds (spec: 5 minutes). */
export const RECOVERY_VALIDITY_MS = 5 * 60_000;

/** What a recovery code stands for: the push it recovers. */
export interface RecoveryGrant {
  /** The pushed session. */
  readonly sessionId: string;
  /** The pushed app: a new session goes to it when the pushed one is over. */
  readonly appId: string;
  /** The pushed phone, normalised (`+234…`): only it can spend the code. */
  readonly phone: string;
  /** The push's contextData, sent again in the `Push` input of a new session. */
  readonly contextData: string;
}

interface Entry extends RecoveryGrant {
  readonly expiresAt: number;
}

/** A random integer in [0, `bound`) from the platform's cryptographic generator (Web Crypto). */
function randomBelow(bound: number): number {
  // Rejection sampling: values in the last partial range of 2^32 would favour small results.
  const limit = 2 ** 32 - (2 ** 32 % bound);
  const word = new Uint32Array(1);
  do globalThis.crypto.getRandomValues(word);
  while ((word[0] as number) >= limit);
  return (word[0] as number) % bound;
}

/** Random draws before {@link RecoveryTokens.issue} looks for a free code in order. */
const RANDOM_TRIES = 100;
const CODES_PER_APP = 100_000;

/**
 * Recovery short codes of pushes, `*<main>*<appCode>*<5 digits>#`. A code is valid for 5 minutes
 * of sandbox time (spec, "Recovery token") and is spent once used, by dialling it from the pushed
 * phone, or revoked when the customer responds to the push. It outlives its pushed session: dialled
 * after that session ended, it starts a new one (docs/decisions/0013-recovery-code-after-a-push.md).
 * Expired codes are dropped as new ones are issued, so the table holds at most the codes of the
 * last 5 minutes.
 *
 * @example
 * ```ts
 * const code = tokens.issue('384', '1', grant, clock.now());
 * tokens.redeem(code, grant.phone, clock.now()); // the grant, then undefined
 * ```
 */
export class RecoveryTokens {
  // Issued in sandbox time order with one validity, so the oldest entries expire first.
  readonly #byCode = new Map<string, Entry>();

  issue(mainCode: string, appCode: string, grant: RecoveryGrant, now: number): string {
    this.prune(now);
    const code = this.#freeCode(mainCode, appCode);
    this.#byCode.set(code, { ...grant, expiresAt: now + RECOVERY_VALIDITY_MS });
    return code;
  }

  /**
   * The grant of a valid code dialled from its phone, spending it; undefined (and nothing spent)
   * for an unknown, spent or expired code, or one dialled from another phone.
   */
  redeem(code: string, phone: string, now: number): RecoveryGrant | undefined {
    const entry = this.#byCode.get(code);
    if (entry === undefined || entry.expiresAt <= now || entry.phone !== phone) return undefined;
    this.#byCode.delete(code);
    const { expiresAt: _, ...grant } = entry;
    return grant;
  }

  /** Spends a code without using it (the customer responded to the push). */
  revoke(code: string | undefined): void {
    if (code !== undefined) this.#byCode.delete(code);
  }

  /** Drops the codes that expired by `now` (sandbox ms). */
  prune(now: number): void {
    for (const [code, entry] of this.#byCode) {
      if (entry.expiresAt > now) return;
      this.#byCode.delete(code);
    }
  }

  /** Codes held, valid or not yet pruned (for tests and diagnostics). */
  get size(): number {
    return this.#byCode.size;
  }

  #freeCode(mainCode: string, appCode: string): string {
    const code = (n: number) => `*${mainCode}*${appCode}*${String(n).padStart(5, '0')}#`;
    for (let attempt = 0; attempt < RANDOM_TRIES; attempt++) {
      const candidate = code(randomBelow(CODES_PER_APP));
      if (!this.#byCode.has(candidate)) return candidate;
    }
    // Only when most of the app's 100,000 codes are in use: look for a free one in order.
    const start = randomBelow(CODES_PER_APP);
    for (let step = 0; step < CODES_PER_APP; step++) {
      const candidate = code((start + step) % CODES_PER_APP);
      if (!this.#byCode.has(candidate)) return candidate;
    }
    throw new Error(`all ${CODES_PER_APP} recovery codes of app code ${appCode} are in use`);
  }
}
