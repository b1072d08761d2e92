import { Hono } from 'hono';
import type { SandboxServices } from '../core/SandboxServices';
import { authenticate, type ServiceEnv } from './authenticate';

/**
 * `GET /client/info`: the authenticated developer's profile.
 *
 * @example
 * ```ts
 * app.route('/client', clientRoutes(services));
 * ```
 */
export function clientRoutes(services: SandboxServices): Hono<ServiceEnv> {
  const app = new Hono<ServiceEnv>();
  app.use('*', authenticate(services.developers));
  app.get('/info', (c) => {
    const { msisdn, callbackUrl, name, emailAddress, country } = c.var.developer;
    return c.json({ msisdn, callback: callbackUrl ?? '', name, emailAddress, country });
  });
  return app;
}
