/** Length of one billing tick, in milliseconds (spec: 20-second ticks). */
export const TICK_MS = 20_000;

/**
 * Ticks of a session: every started 20 seconds counts, and a session always counts at least one
 * tick (it was started). `ceil(seconds / 20)`.
 *
 * @example
 * ```ts
 * sessionTicks(21_000); // 2
 * ```
 */
export function sessionTicks(durationMs: number): number {
  return Math.max(1, Math.ceil(Math.max(0, durationMs) / TICK_MS));
}

/**
 * Fee of a session: `ticks * feePerTick`, in Naira, rounded to kobo.
 *
 * @example
 * ```ts
 * sessionFee(6, 2); // 12
 * ```
 */
export function sessionFee(ticks: number, feePerTick: number): number {
  return Math.round(ticks * feePerTick * 100) / 100;
}

/**
 * Ticks and fee of a session: as billed once it ended, else counted to `now` (sandbox ms).
 *
 * @example
 * ```ts
 * billSoFar({ startedAt: 0 }, 45_000, 2); // { ticks: 3, fee: 6 }
 * ```
 */
export function billSoFar(
  session: { startedAt: number; endedAt?: number; ticks?: number; fee?: number },
  now: number,
  feePerTick: number,
): { ticks: number; fee: number } {
  if (session.ticks !== undefined && session.fee !== undefined) {
    return { ticks: session.ticks, fee: session.fee };
  }
  const ticks = sessionTicks((session.endedAt ?? now) - session.startedAt);
  return { ticks, fee: sessionFee(ticks, feePerTick) };
}
