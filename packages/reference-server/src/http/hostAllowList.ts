import { isIP } from 'node:net';

/** The names the sandbox always answers, with any port: the loopback ones. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** Addresses that listen on every interface: the machine is reached by any of its addresses. */
const WILDCARDS = new Set(['0.0.0.0', '::']);

/**
 * A host name without port, brackets or trailing dot, in lower case: `[::1]:4000` is `::1`,
 * `Sandbox:4000` is `sandbox`. A bare IPv6 address (`::`, as `--host` takes it) stays whole.
 */
export function hostnameOf(host: string): string {
  const lower = host.trim().toLowerCase();
  let name: string;
  if (lower.startsWith('[')) {
    const end = lower.indexOf(']');
    name = lower.slice(1, end === -1 ? undefined : end);
  } else if (lower.indexOf(':') !== lower.lastIndexOf(':')) {
    name = lower;
  } else {
    name = lower.split(':', 1)[0] ?? '';
  }
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** Options of {@link hostAllowList}. */
export interface HostAllowListOptions {
  /**
   * The address the sandbox listens on, allowed as it is; a wildcard (`0.0.0.0`, `::`) allows
   * any IP address, since a browser typing an address cannot be led there by DNS rebinding.
   */
  readonly host?: string | undefined;
  /** More names (`sandbox`), or a leading dot for a domain and its subdomains (`.example.com`). */
  readonly allowedHosts?: readonly string[] | undefined;
}

/**
 * Whether a `Host` header names this sandbox: `localhost`, `127.0.0.1`, `[::1]`, the address it
 * listens on, or one of `allowedHosts`, with any port. Anything else may be a DNS rebinding
 * attack: a page of another site whose name was made to resolve to 127.0.0.1 (docs/security.md).
 *
 * @example
 * ```ts
 * const allows = hostAllowList({ host: '127.0.0.1', allowedHosts: ['sandbox'] });
 * allows('localhost:4000'); // true
 * allows('evil.example:4000'); // false
 * ```
 */
export function hostAllowList(options: HostAllowListOptions): (host: string) => boolean {
  const listen = options.host === undefined ? undefined : hostnameOf(options.host);
  const anyAddress = listen !== undefined && WILDCARDS.has(listen);
  const exact = new Set(LOOPBACK_HOSTS.map(hostnameOf));
  if (listen !== undefined) exact.add(listen);
  const domains: string[] = [];
  for (const entry of options.allowedHosts ?? []) {
    if (entry.startsWith('.')) domains.push(hostnameOf(entry.slice(1)));
    else exact.add(hostnameOf(entry));
  }
  return (host) => {
    const name = hostnameOf(host);
    if (exact.has(name)) return true;
    if (anyAddress && isIP(name) !== 0) return true;
    return domains.some((domain) => name === domain || name.endsWith(`.${domain}`));
  };
}
