import type { UssdApp } from '@ussdkit/router';
import { Hono } from 'hono';

/**
 * Mounts a ussdkit app in Hono: a sub-app answering the gateway's four
 * `POST …/ussdSessionEvent/{new,continue,close,abort}` under whatever path you route it, with
 * the app's own `fetch` (on `@hono/node-server` it reads the Node request directly). Any POST
 * path under the mount that ends in one of the four endpoints is one, as for `app.fetch`
 * anywhere; other POSTs get the app's JSON 404, other methods Hono's 404.
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
export function ussdHono(app: Pick<UssdApp<unknown>, 'fetch'>): Hono {
  return new Hono().post('*', (c) => app.fetch(c.req.raw, c.env, executionContext(c)));
}

/**
 * Hono's execution context where the runtime has one (Workers); reading it elsewhere throws.
 * On @hono/node-server (whose env holds the Node request) there never is one, and the Error
 * thrown to say so cost about a tenth of a request there: it is not asked for.
 */
function executionContext(c: {
  env: unknown;
  executionCtx: { waitUntil(work: Promise<unknown>): void };
}) {
  if ((c.env as { incoming?: unknown } | undefined)?.incoming !== undefined) return undefined;
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}
