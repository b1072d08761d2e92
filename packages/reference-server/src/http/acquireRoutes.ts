import {
  acquireRequestSchema,
  operatorAcquireRequestSchema,
  operatorAcquireStatusRequestSchema,
} from '@ussdkit/protocol';
import { Hono } from 'hono';
import type { ServiceCore } from '../service/ServiceCore';
import { authenticate, requirePermission, type ServiceEnv } from './authenticate';
import { readJson, requireQuery } from './readJson';

/**
 * The acquire endpoints under `/v1/acquire`: catalogue, amount, product acquires (sync and
 * async), status, and the legacy operator-products flow. All need the ACQUIRE permission.
 *
 * @example
 * ```ts
 * app.route('/v1/acquire', acquireRoutes(core));
 * ```
 */
export function acquireRoutes(core: ServiceCore): Hono<ServiceEnv> {
  const { acquires } = core;
  const { catalogue } = core.rules;
  const app = new Hono<ServiceEnv>();
  app.use('*', authenticate(core.developers));
  app.use('*', async (c, next) => {
    requirePermission(c.var.developer, 'ACQUIRE');
    await next();
  });

  app.get('/productGroups', (c) => c.json(catalogue.groups()));
  app.get('/productGroups/:groupId', (c) =>
    c.json(catalogue.groupProducts(c.req.param('groupId'), requireQuery(c, 'beneficiaryId'))),
  );
  app.get('/amount', (c) =>
    c.json(catalogue.amount(requireQuery(c, 'sku'), requireQuery(c, 'beneficiaryId'))),
  );

  app.post('/product', async (c) => {
    const request = await readJson(c, acquireRequestSchema, 'acquire request');
    return c.json(await acquires.acquireSync(c.var.developer.clientId, request));
  });
  app.post('/product/async', async (c) => {
    const request = await readJson(c, acquireRequestSchema, 'acquire request');
    return c.json(acquires.acquireAsync(c.var.developer.clientId, request));
  });
  app.get('/status', (c) =>
    c.json(acquires.status(c.var.developer.clientId, requireQuery(c, 'operationId'))),
  );

  app.get('/products', (c) => c.json(catalogue.operatorProducts()));
  app.post('/', async (c) => {
    const request = await readJson(c, operatorAcquireRequestSchema, 'operator acquire request');
    acquires.operatorAcquire(c.var.developer.clientId, request);
    return c.json({ status: 'ACCEPTED' }, 202);
  });
  app.post('/status', async (c) => {
    const { operationId } = await readJson(
      c,
      operatorAcquireStatusRequestSchema,
      'operator status request',
    );
    return c.json(acquires.operatorStatus(c.var.developer.clientId, operationId));
  });
  return app;
}

/**
 * `GET /products/{productGroupId}?beneficiaryId=`: the name the spec also gives the group
 * endpoint (`/v1/acquire/productGroups/{groupId}`), with the same answer and rules.
 *
 * @example
 * ```ts
 * app.route('/products', groupProductsAliasRoutes(core));
 * ```
 */
export function groupProductsAliasRoutes(core: ServiceCore): Hono<ServiceEnv> {
  const app = new Hono<ServiceEnv>();
  app.use('*', authenticate(core.developers));
  app.get('/:groupId', (c) => {
    requirePermission(c.var.developer, 'ACQUIRE');
    return c.json(
      core.rules.catalogue.groupProducts(c.req.param('groupId'), requireQuery(c, 'beneficiaryId')),
    );
  });
  return app;
}
