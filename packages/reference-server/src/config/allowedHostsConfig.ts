import { z } from 'zod';

/**
 * One name of an `allowedHosts` list: a host name (`sandbox`, `dev.example.com`), a name with a
 * leading dot for it and all its subdomains (`.example.com`), or an IP address (`192.168.1.20`,
 * `[fd00::1]`). No scheme, port or path: the port never matters.
 */
const allowedHostSchema = z
  .string()
  .regex(
    /^(\.?[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.?|\[?[0-9A-Fa-f:.]+\]?)$/,
    'must be a host name such as "sandbox", ".example.com" or "192.168.1.20", without scheme, port or path',
  );

/**
 * Host names the sandbox answers besides `localhost`, `127.0.0.1` and `[::1]` (any port) and the
 * address it listens on: the `Host` header of every request must name one of them (otherwise 403
 * `HOST_NOT_ALLOWED`), so that a web page cannot reach the sandbox through DNS rebinding
 * (docs/security.md). Set it when you reach the sandbox by another name: a Docker service name, a
 * tunnel, a LAN name.
 *
 * @example
 * ```json
 * { "allowedHosts": ["sandbox", ".ngrok-free.app"] }
 * ```
 */
export const allowedHostsConfigSchema = z.array(allowedHostSchema);

/** An `allowedHosts` list as written in a configuration file or given in code. */
export type AllowedHostsConfig = z.input<typeof allowedHostsConfigSchema>;
