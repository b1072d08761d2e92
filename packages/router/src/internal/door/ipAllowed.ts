/** An IPv4 address as a 32-bit number, or `undefined` when the text is not one. */
function ipv4(address: string): number | undefined {
  const parts = address.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255)) {
    return undefined;
  }
  return parts.reduce((sum, part) => sum * 256 + Number(part), 0);
}

/** `::ffff:192.0.2.200`, as Node reports an IPv4 client on a dual-stack socket, read as IPv4. */
function unmapped(address: string): string {
  const lower = address.trim().toLowerCase();
  return lower.startsWith('::ffff:') && lower.includes('.') ? lower.slice(7) : lower;
}

/**
 * Whether `address` is one of `allowed`: exact addresses (IPv4 or IPv6) or IPv4 ranges in CIDR
 * form (`192.0.2.0/24`).
 *
 * @example
 * ```ts
 * ipAllowed('::ffff:192.0.2.7', ['192.0.2.0/24']); // true
 * ```
 */
export function ipAllowed(address: string, allowed: readonly string[]): boolean {
  const client = unmapped(address);
  const clientV4 = ipv4(client);
  return allowed.some((entry) => {
    const [base = '', bits] = unmapped(entry).split('/');
    if (bits === undefined) return base === client;
    const network = ipv4(base);
    const size = Number(bits);
    if (network === undefined || clientV4 === undefined || !(size >= 0 && size <= 32)) return false;
    const block = 2 ** (32 - size);
    return Math.floor(network / block) === Math.floor(clientV4 / block);
  });
}
