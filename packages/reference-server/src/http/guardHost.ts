import type { MiddlewareHandler } from 'hono';
import { ServiceError } from '../core/ServiceError';
import { hostnameOf } from './hostAllowList';

/** What the sandbox's refusal says to do about a name one reaches it by on purpose. */
function sandboxAdvice(host: string): string {
  const name = JSON.stringify(hostnameOf(host));
  return `If you reach it by this name on purpose, allow it: ussdkit-sandbox --allowed-hosts ${hostnameOf(host)}, "allowedHosts": [${name}] in the configuration file, or startSandbox({ allowedHosts: [${name}] }).`;
}

/**
 * 403 `HOST_NOT_ALLOWED` for a request whose `Host` header names no host of the allow-list
 * ({@link hostAllowList}), or `undefined` when it may go on: a page of another site made to
 * resolve to the server's address (DNS rebinding) sends its own name there. `server` names what
 * answers (`this sandbox`); `advice` says how to allow a name on purpose. A request without
 * `Host` was not sent over a socket by a browser (an in-process `fetch`), and passes. The one
 * check of the sandbox and of the app server of `ussdkit dev`.
 *
 * @example
 * ```ts
 * const refusal = hostRefusal(allows, request.headers.host);
 * if (refusal !== undefined) return answer(refusal.status, refusal.toBody());
 * ```
 */
export function hostRefusal(
  allows: (host: string) => boolean,
  host: string | undefined,
  server = 'this sandbox',
  advice: (host: string) => string = sandboxAdvice,
): ServiceError | undefined {
  if (host === undefined || allows(host)) return undefined;
  return new ServiceError(
    403,
    'HOST_NOT_ALLOWED',
    `Host ${JSON.stringify(host)} is not a name of ${server}: it answers localhost, 127.0.0.1 and [::1] (any port), the address it listens on, and its allowedHosts. ${advice(host)} (The check keeps pages of other sites out through DNS rebinding; docs/security.md.)`,
  );
}

/**
 * {@link hostRefusal} before anything reads the request, whatever its path.
 *
 * @example
 * ```ts
 * app.use('*', guardHost(hostAllowList({ host: '127.0.0.1' })));
 * ```
 */
export function guardHost(allows: (host: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    const refusal = hostRefusal(allows, c.req.header('host'));
    if (refusal !== undefined) throw refusal;
    await next();
  };
}
