import { Hono } from 'hono';
import type { ServiceCore } from '../service/ServiceCore';
import { authenticate, type ServiceEnv } from './authenticate';

/**
 * `GET /client/info`: the authenticated developer's profile.
 *
 * @example
 * ```ts
 * app.route('/client', clientRoutes(core));
 * ```
 */
export function clientRoutes(core: ServiceCore): Hono<ServiceEnv> {
  const app = new Hono<ServiceEnv>();
  app.use('*', authenticate(core.developers));
  app.get('/info', (c) => {
    const { msisdn, callbackUrl, name, emailAddress, country } = c.var.developer;
    return c.json({ msisdn, callback: callbackUrl ?? '', name, emailAddress, country });
  });
  return app;
}
