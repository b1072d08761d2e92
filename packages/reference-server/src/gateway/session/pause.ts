import type { GatewaySession, Pause } from '../GatewaySession';

/**
 * A {@link Pause} not yet over: `release()` resolves `over` (once; later calls do nothing).
 *
 * @example
 * ```ts
 * const waiting = pause();
 * setTimeout(() => waiting.release(), 10);
 * await waiting.over;
 * ```
 */
export function pause(): Pause {
  let release!: () => void;
  const over = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { over, release };
}

/**
 * Resolves once `session` is not waiting (for the bank): at once when it is not, else when its
 * pause, and any pause that followed it, is over.
 *
 * @example
 * ```ts
 * await settled(session);
 * return answer(session);
 * ```
 */
export async function settled(session: Pick<GatewaySession, 'pause'>): Promise<void> {
  for (let waiting = session.pause; waiting !== undefined; waiting = session.pause) {
    await waiting.over;
    // A pause is cleared when it is over; one still set was not released by its wait.
    if (session.pause === waiting) return;
  }
}
