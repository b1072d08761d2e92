import { Hono } from 'hono';
import type { AppRepository } from '../core/AppRepository';
import { notFound } from '../core/ServiceError';
import { type Gateway, gatewayFaultsSchema } from '../gateway/index';
import { readJson } from './readJson';

/**
 * `PUT`, `GET` and `DELETE /sandbox/apps/{appId}/faults`: the faults the gateway injects into the
 * sessions of one app (docs/faults.md). `PUT` takes a {@link gatewayFaultsSchema} body (400 naming
 * the field otherwise) and replaces what was set; each answers `{appId, faults}`, 404 for an
 * unknown app. Writes need JSON and the sandbox's own origin, as every sandbox API write.
 *
 * @example
 * ```ts
 * app.route('/sandbox/apps', sandboxFaultRoutes({ apps, gateway }));
 * ```
 */
export function sandboxFaultRoutes({
  apps,
  gateway,
}: {
  readonly apps: AppRepository;
  readonly gateway: Gateway;
}): Hono {
  const app = new Hono();
  const known = (appId: string): string => {
    if (!apps.get(appId)) throw notFound(`no app "${appId}"`);
    return appId;
  };

  app.put('/:appId/faults', async (c) => {
    const appId = known(c.req.param('appId'));
    gateway.setFaults(appId, await readJson(c, gatewayFaultsSchema, 'faults'));
    return c.json({ appId, faults: gateway.faultsOf(appId) });
  });
  app.get('/:appId/faults', (c) => {
    const appId = known(c.req.param('appId'));
    return c.json({ appId, faults: gateway.faultsOf(appId) });
  });
  app.delete('/:appId/faults', (c) => {
    const appId = known(c.req.param('appId'));
    gateway.clearFaults(appId);
    return c.json({ appId, faults: {} });
  });
  return app;
}
