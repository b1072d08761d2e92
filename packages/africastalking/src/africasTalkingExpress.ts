import { toNodeHandler } from '@ussdkit/router/node';
import type { RequestHandler } from 'express';
import type { AfricasTalkingOptions } from './AfricasTalkingOptions';
import { africasTalking, type ServableApp } from './africasTalking';

/**
 * The Africa's Talking handler of {@link africasTalking} on the router's Node bridge, as Express
 * middleware: mount it at the path you register as the callback and notifications URL. No web
 * `Request` is made; a body `express.urlencoded()` parsed already is read from `req.body`;
 * `allowedIps` is checked against Express's `req.ip` (set `trust proxy` to your proxies'
 * addresses when one stands in front: with `true`, any client can name itself in
 * `X-Forwarded-For`). Takes the same options, except `clientIp`.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { africasTalkingExpress } from '@ussdkit/africastalking/express';
 *
 * const server = express();
 * server.post('/ussd/at', africasTalkingExpress(app, { secret: process.env.AT_SECRET }));
 * server.listen(3000);
 * ```
 */
export function africasTalkingExpress(
  app: ServableApp,
  options: Omit<AfricasTalkingOptions, 'clientIp'> = {},
): RequestHandler {
  const handler = toNodeHandler(africasTalking(app, options));
  return (req, res, next) => handler(req, res, next);
}
