import type { Context, MiddlewareHandler } from 'hono';
import { requireJsonContentType } from '../rules/index';

/** Whether the request carries a body. */
function hasBody(c: Context): boolean {
  const length = c.req.header('content-length');
  if (length !== undefined) return Number.parseInt(length, 10) > 0;
  if (c.req.header('transfer-encoding') !== undefined) return true;
  // Over HTTP a body always declares one of the two headers; a Request made in-process (for
  // `createSandbox().fetch`) may declare neither.
  const overHttp = (c.env as { incoming?: unknown } | undefined)?.incoming !== undefined;
  return !overHttp && c.req.raw.body !== null;
}

/**
 * 415 `UNSUPPORTED_MEDIA_TYPE` for a body that is not declared `application/json`, and for any
 * write to the sandbox API that is not (the rules' {@link requireJsonContentType}): a cross-site
 * form can post `text/plain`, never JSON.
 *
 * @example
 * ```ts
 * app.use('*', guardContentType());
 * ```
 */
export function guardContentType(): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    requireJsonContentType({
      method: c.req.method,
      path,
      contentType: c.req.header('content-type'),
      hasBody: hasBody(c),
      everyWrite: path === '/sandbox' || path.startsWith('/sandbox/'),
    });
    await next();
  };
}
