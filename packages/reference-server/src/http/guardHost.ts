import type { MiddlewareHandler } from 'hono';
import { ServiceError } from '../core/ServiceError';
import { hostnameOf } from './hostAllowList';

/**
 * 403 `HOST_NOT_ALLOWED` for a request whose `Host` header names no host of the allow-list
 * ({@link hostAllowList}), whatever its path: a page of another site made to resolve to the
 * sandbox's address (DNS rebinding) sends its own name there. The message names the option that
 * allows a name. A request without `Host` was not sent over a socket by a browser (an in-process
 * `createSandbox().fetch`), and passes.
 *
 * @example
 * ```ts
 * app.use('*', guardHost(hostAllowList({ host: '127.0.0.1' })));
 * ```
 */
export function guardHost(allows: (host: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    const host = c.req.header('host');
    if (host !== undefined && !allows(host)) {
      const name = JSON.stringify(hostnameOf(host));
      throw new ServiceError(
        403,
        'HOST_NOT_ALLOWED',
        `Host ${JSON.stringify(host)} is not a name of this sandbox: it answers localhost, 127.0.0.1 and [::1] (any port), the address it listens on, and its allowedHosts. If you reach it by this name on purpose, allow it: ussdkit-sandbox --allowed-hosts ${hostnameOf(host)}, "allowedHosts": [${name}] in the configuration file, or startSandbox({ allowedHosts: [${name}] }). (The check keeps pages of other sites out through DNS rebinding; docs/security.md.)`,
      );
    }
    await next();
  };
}
