import type { UssdApp } from '@ussdkit/router';
import { Hono } from 'hono';

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

/** The body text, and whether reading stopped at the limit (the rest is left unread). */
async function readBody(request: Request, limit: number): Promise<{ text: string; cut: boolean }> {
  if (request.body === null) return { text: '', cut: false };
  // Web streams and TextDecoder only, so the adapter runs wherever Hono runs.
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return { text: text + decoder.decode(), cut: true };
    }
  }
  return { text: text + decoder.decode(), cut: false };
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
    const { text: body, cut } = await readBody(c.req.raw, limit);
    const headers = Object.fromEntries(c.req.raw.headers);
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
