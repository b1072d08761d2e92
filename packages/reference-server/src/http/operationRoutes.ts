import { Hono } from 'hono';
import type { SandboxServices } from '../core/SandboxServices';
import { parseHistoryQuery } from '../rules/index';
import { authenticate, type ServiceEnv } from './authenticate';
import { queryOf } from './readJson';

/**
 * `GET /operation/history?from=&to=&type=&operationId=&sessionId=`: the calling developer's
 * acquires, pushes, billed sessions and merchant payments, oldest first, within the history's
 * retention (docs/decisions/0014-merchant-and-history-endpoints.md).
 *
 * @example
 * ```ts
 * app.route('/operation', operationRoutes(services));
 * ```
 */
export function operationRoutes(services: SandboxServices): Hono<ServiceEnv> {
  const app = new Hono<ServiceEnv>();
  app.use('*', authenticate(services.developers));
  app.get('/history', (c) =>
    c.json(
      services.rules.operationHistory(c.var.developer.clientId, parseHistoryQuery(queryOf(c))),
    ),
  );
  return app;
}
