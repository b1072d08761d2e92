import type { Pause } from './GatewaySession';

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
