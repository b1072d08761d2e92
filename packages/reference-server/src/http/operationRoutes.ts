import { Hono } from 'hono';
import { parseHistoryQuery } from '../rules/index';
import type { ServiceCore } from '../service/ServiceCore';
import { authenticate, type ServiceEnv } from './authenticate';
import { queryOf } from './readJson';

/**
 * `GET /operation/history?from=&to=&type=&operationId=&sessionId=`: the calling developer's
 * acquires, pushes, billed sessions and merchant payments, oldest first, within the history's
 * retention (docs/decisions/0014-merchant-and-history-endpoints.md).
 *
 * @example
 * ```ts
 * app.route('/operation', operationRoutes(core));
 * ```
 */
export function operationRoutes(core: ServiceCore): Hono<ServiceEnv> {
  const app = new Hono<ServiceEnv>();
  app.use('*', authenticate(core.developers));
  app.get('/history', (c) =>
    c.json(core.rules.operationHistory(c.var.developer.clientId, parseHistoryQuery(queryOf(c)))),
  );
  return app;
}
