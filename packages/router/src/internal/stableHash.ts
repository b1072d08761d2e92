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
  const hex = (seed: number) => lane(text, seed).toString(16).padStart(14, '0');
  return hex(0x9e3779b9) + hex(0x85ebca6b);
}

/** cyrb53 (public domain): a 53-bit hash of the UTF-16 code units of `text`. */
function lane(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
