/**
 * Compares two strings in time that depends only on their lengths, with Web APIs only (no
 * `node:crypto`), so a shared secret cannot be guessed a character at a time.
 */
export function secretsEqual(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let difference = a.length ^ b.length;
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  }
  return difference === 0;
}
