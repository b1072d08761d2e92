/** Rounds Naira to two decimals. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
