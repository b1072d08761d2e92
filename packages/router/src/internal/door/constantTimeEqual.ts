const encoder = new TextEncoder();

/**
 * Whether `given` equals `expected`, in time that depends only on `expected`'s length: every byte
 * of `expected` is compared, whatever `given` holds or how long it is. Web Crypto has no
 * `timingSafeEqual` (workerd's is not standard, Node's is in `node:crypto`), so it is written here.
 */
export function constantTimeEqual(given: string, expected: string): boolean {
  const a = encoder.encode(given);
  const b = encoder.encode(expected);
  let difference = a.length ^ b.length;
  for (let i = 0; i < b.length; i += 1) {
    // A shorter `given` is read cyclically (or as 0 when empty), so the loop never stops early.
    difference |= (a.length === 0 ? 0 : (a[i % a.length] as number)) ^ (b[i] as number);
  }
  return difference === 0;
}
