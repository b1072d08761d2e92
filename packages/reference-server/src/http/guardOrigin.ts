import type { MiddlewareHandler } from 'hono';
import { ServiceError } from '../core/ServiceError';
import { WRITE_METHODS } from '../rules/index';

/** The `host` (name and port) of an `Origin` header, or `undefined` for `null` or garbage. */
function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * 403 `ORIGIN_NOT_ALLOWED` for a write (POST, PUT, PATCH, DELETE) whose `Origin` is not the
 * sandbox's own: a browser says where the page that sends a request comes from, so a page of
 * another site (or an opaque `null` origin) cannot change the sandbox, while the web phone (same
 * origin) and every client that sends no `Origin` (tests, curl, tools) can. Mounted on the
 * sandbox API, which has no credentials.
 *
 * @example
 * ```ts
 * app.use('/sandbox/*', guardOrigin());
 * ```
 */
export function guardOrigin(): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin === undefined || !WRITE_METHODS.has(c.req.method)) return next();
    const own = (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase();
    if (originHost(origin) === own) return next();
    throw new ServiceError(
      403,
      'ORIGIN_NOT_ALLOWED',
      `${c.req.method} ${c.req.path} came from a page of ${JSON.stringify(origin)}, not of this sandbox (http://${own}): the sandbox API takes writes only from its own pages (the web phone) and from clients that send no Origin (tests, curl, tools). Call it from one of those; a page of another site cannot change the sandbox (docs/security.md).`,
    );
  };
}
