import {
  defineGateway,
  type GatewayApp,
  type GatewayHandler,
  UnsupportedOnGatewayError,
} from '@ussdkit/router/gateway';
import type { AfricasTalkingOptions } from './AfricasTalkingOptions';
import { atDeclaration } from './internal/atDeclaration';
import { UnsupportedOnAfricasTalkingError } from './UnsupportedOnAfricasTalkingError';

/**
 * A fetch-style handler: a web `Request` in, a `Response` out. Hono (`c.req.raw`), Cloudflare
 * Workers, Bun and Deno call it as it is; it carries its door for the Node bridge.
 */
export type AfricasTalkingHandler = GatewayHandler;

/** What {@link africasTalking} needs of a compiled app. */
export type ServableApp = GatewayApp;

const gateway = defineGateway(atDeclaration);

/**
 * Serves a `@ussdkit/router` app to Africa's Talking's USSD API. Register the handler's URL as
 * both the callback URL and the notifications URL: a session request (`text`) is answered with
 * `CON …` or `END …`, an end-of-session notification (`status`) closes the session in the app.
 * What a session needs between requests is kept in the app's own session store (so an app on
 * `redisStore` serves one session from several instances), never the path itself, which holds
 * every PIN typed. Failures are the app's: they go to its `onError` (logged by default). Throws
 * {@link UnsupportedOnAfricasTalkingError} at once when the app uses what Africa's Talking
 * cannot run (payments, embedded processes, redirects, push).
 *
 * @example
 * ```ts
 * import { africasTalking } from '@ussdkit/africastalking';
 * import { Hono } from 'hono';
 *
 * const handler = africasTalking(app, { secret: process.env.AT_SECRET });
 * const server = new Hono();
 * server.post('/ussd/at', (c) => handler(c.req.raw));
 * ```
 */
export function africasTalking(
  app: ServableApp,
  options: AfricasTalkingOptions = {},
): AfricasTalkingHandler {
  try {
    return gateway(app, { ...options, invalidChoice: options.messages?.invalidChoice });
  } catch (error) {
    if (error instanceof UnsupportedOnGatewayError) {
      throw new UnsupportedOnAfricasTalkingError(error.features);
    }
    throw error;
  }
}
