import type { UssdApp } from '@ussdkit/router';
import { Hono } from 'hono';
import { mountedPath } from './internal/mountedPath';
import { readNodeBody, unreadNodeRequest } from './internal/nodeRequest';
import { readWebBody } from './internal/readWebBody';

/**
 * Options of {@link ussdHono}.
 *
 * @example
 * ```ts
 * server.route('/ussd', ussdHono(app, { maxBodyBytes: 32_768 }));
 * ```
 */
export interface UssdHonoOptions {
  /**
   * Bytes of request body read at most; past it the adapter stops reading and the app answers
   * 413. Keep it equal to the app's `maxBodyBytes`.
   * @defaultValue `65_536`
   */
  readonly maxBodyBytes?: number;
}

/**
 * Mounts a ussdkit app in Hono: a sub-app answering the gateway's four
 * `POST …/ussdSessionEvent/{new,continue,close,abort}` under whatever path you route it.
 *
 * @example
 * ```ts
 * import { Hono } from 'hono';
 * import { ussdHono } from '@ussdkit/hono';
 * import { app } from './app'; // createApp({ ... }) from @ussdkit/router
 *
 * const server = new Hono();
 * server.route('/ussd', ussdHono(app));
 * export default server;
 * ```
 */
export function ussdHono(
  app: Pick<UssdApp<unknown>, 'handle'> & Partial<Pick<UssdApp<unknown>, 'precheck'>>,
  options: UssdHonoOptions = {},
): Hono {
  const limit = options.maxBodyBytes ?? 65_536;
  const hono = new Hono();
  hono.post('*', async (c) => {
    // On @hono/node-server, the Node request is read directly (see `unreadNodeRequest`);
    // elsewhere, or when a middleware already read the body, the web Request is.
    const node = unreadNodeRequest(c.env);
    const headers = node?.headers ?? Object.fromEntries(c.req.raw.headers);
    const path = mountedPath(c.req.path, c.req.routePath);
    // Path, token and content type first: a refused request's body is never read.
    const refused = app.precheck?.({ path, headers });
    if (refused !== undefined) return answer(refused.status, refused.body, true);
    const { text: body, cut } =
      node === undefined ? await readWebBody(c.req.raw, limit) : await readNodeBody(node, limit);
    const result = await app.handle({ path, headers, body });
    // The unread rest of a cut-off body makes the connection unusable: tell the client to close it.
    return answer(result.status, result.body, cut);
  });
  return hono;
}

function answer(status: number, body: unknown, close: boolean): Response {
  const closing = close ? { connection: 'close' } : {};
  if (body === undefined) return new Response(null, { status, headers: closing });
  // A string body, not `Response.json()`: @hono/node-server writes a string body directly, while
  // the static `Response.json()` builds a full web Response that it must read back as a stream.
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...closing },
  });
}
