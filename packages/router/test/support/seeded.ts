/**
 * A small seeded generator of numbers in [0, 1) for the tests that draw many inputs, so that a
 * failure names an input that can be replayed. An LCG kept to exact 32-bit arithmetic
 * (`Math.imul`): in plain floating point its product loses the low bits and the sequence falls
 * into a cycle of a few thousand values.
 */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 4_294_967_296;
  };
}
