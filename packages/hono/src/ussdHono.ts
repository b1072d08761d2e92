import type { UssdApp } from '@ussdkit/router';
import { Hono } from 'hono';
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
  app: Pick<UssdApp<unknown>, 'handle'>,
  options: UssdHonoOptions = {},
): Hono {
  const limit = options.maxBodyBytes ?? 65_536;
  const hono = new Hono();
  hono.post('*', async (c) => {
    // On @hono/node-server, the Node request is read directly (see `unreadNodeRequest`);
    // elsewhere, or when a middleware already read the body, the web Request is.
    const node = unreadNodeRequest(c.env);
    const { text: body, cut } =
      node === undefined ? await readWebBody(c.req.raw, limit) : await readNodeBody(node, limit);
    const headers = node?.headers ?? Object.fromEntries(c.req.raw.headers);
    const answer = await app.handle({ path: c.req.path, headers, body });
    // The unread rest of a cut-off body makes the connection unusable: tell the client to close it.
    const close = cut ? { connection: 'close' } : {};
    if (answer.body === undefined) {
      return new Response(null, { status: answer.status, headers: close });
    }
    // A string body, not `Response.json()`: @hono/node-server writes a string body directly, while
    // the static `Response.json()` builds a full web Response that it must read back as a stream.
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...close },
    });
  });
  return hono;
}
