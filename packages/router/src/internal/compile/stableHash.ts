/**
 * A fast, synchronous, non-cryptographic 106-bit hash of a text (two 53-bit cyrb53 lanes with
 * different seeds), as 28 hex digits. The router needs a sync hash on every event (the replay key) and
 * at `createApp` (the flow version), on every runtime: `node:crypto` is Node-only, and Web
 * Crypto's digest is asynchronous and costs a thread-pool hop per call on Node. Nothing here is a
 * secret: a key only tells one event of a session from the next, where an accidental collision
 * has a chance of about 2^-106, and a customer who forged one would only see the answer they had
 * already seen. Decision 0017 says more.
 */
export function stableHash(text: string): string {
  // Both cyrb53 lanes (public domain) in one pass over the UTF-16 code units: the same digest as
  // running each lane on its own, at half the reads (the replay key hashes every event).
  let a1 = 0xdeadbeef ^ SEED_A;
  let a2 = 0x41c6ce57 ^ SEED_A;
  let b1 = 0xdeadbeef ^ SEED_B;
  let b2 = 0x41c6ce57 ^ SEED_B;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    a1 = Math.imul(a1 ^ code, 2654435761);
    a2 = Math.imul(a2 ^ code, 1597334677);
    b1 = Math.imul(b1 ^ code, 2654435761);
    b2 = Math.imul(b2 ^ code, 1597334677);
  }
  return finish(a1, a2) + finish(b1, b2);
}

const SEED_A = 0x9e3779b9;
const SEED_B = 0x85ebca6b;

const HEX = '0123456789abcdef';

/**
 * The low `count` hex digits of `value`, from a table: `Number#toString(16)` of a 53-bit number
 * cost about 0.4 µs, most of a replay key's hashing.
 */
function hexDigits(value: number, count: number): string {
  let out = '';
  for (let shift = (count - 1) * 4; shift >= 0; shift -= 4) out += HEX[(value >>> shift) & 15];
  return out;
}

/**
 * cyrb53's final mix of its two accumulators into 53 bits, as 14 hex digits: the high 21 bits
 * (6 digits) then the low 32 (8 digits), the digits `toString(16).padStart(14, '0')` gives.
 */
function finish(first: number, second: number): string {
  let h1 = Math.imul(first ^ (first >>> 16), 2246822507);
  h1 ^= Math.imul(second ^ (second >>> 13), 3266489909);
  let h2 = Math.imul(second ^ (second >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return hexDigits(2097151 & h2, 6) + hexDigits(h1 >>> 0, 8);
}
