import type { UssdApp } from '@ussdkit/router';
import { toNodeHandler } from '@ussdkit/router/node';
import type { RequestHandler } from 'express';

/**
 * Mounts a ussdkit app in Express: a middleware answering the gateway's four
 * `POST …/ussdSessionEvent/{new,continue,close,abort}` under whatever path you mount it (other
 * methods pass through to the next handler), through the router's Node bridge: the token checked
 * before the body is read, the app's `maxBodyBytes`, a body `express.json()` parsed already read
 * from `req.body`.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { ussdRouter } from '@ussdkit/express';
 *
 * const server = express();
 * server.use('/ussd', ussdRouter(app));
 * server.listen(3000);
 * ```
 */
export function ussdRouter(app: Pick<UssdApp<unknown>, 'door'>): RequestHandler {
  const handler = toNodeHandler(app);
  return (req, res, next) => handler(req, res, next);
}
