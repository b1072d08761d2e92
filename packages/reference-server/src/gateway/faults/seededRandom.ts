/**
 * A small seeded generator of numbers in [0, 1) (mulberry32): the same seed gives the same
 * sequence, which is all fault injection needs (docs/decisions/0025-gateway-faults-and-dev.md).
 * Not for anything secret.
 *
 * @example
 * ```ts
 * const next = seededRandom(7);
 * const fires = next() < 0.5;
 * ```
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
