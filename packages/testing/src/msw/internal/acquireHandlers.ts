import { acquireRequestSchema } from '@ussdkit/protocol';
import { type HttpHandler, HttpResponse } from 'msw';
import type { MockService } from '../MockService';
import { param, readJson, requirePermission, requireQuery, route } from './http';

/**
 * Handlers of the product flow: groups, group products, amount, acquire sync/async, status. The
 * answers are the sandbox rules' (`service.rules`).
 */
export function acquireHandlers(service: MockService, base: string): HttpHandler[] {
  const { catalogue, acquires } = service.rules;
  return [
    route(service, base, 'productGroups', ({ developer }) => {
      requirePermission(developer, 'ACQUIRE');
      return HttpResponse.json(catalogue.groups());
    }),
    route(service, base, 'groupProducts', (context) => {
      requirePermission(context.developer, 'ACQUIRE');
      const beneficiaryId = requireQuery(context.url, 'beneficiaryId');
      return HttpResponse.json(catalogue.groupProducts(param(context, 'groupId'), beneficiaryId));
    }),
    route(service, base, 'amount', ({ developer, url }) => {
      requirePermission(developer, 'ACQUIRE');
      const sku = requireQuery(url, 'sku');
      return HttpResponse.json(catalogue.amount(sku, requireQuery(url, 'beneficiaryId')));
    }),
    route(service, base, 'acquireProduct', async ({ developer, request }) => {
      requirePermission(developer, 'ACQUIRE');
      const body = await readJson(request, acquireRequestSchema, 'acquire request');
      const options = service.acquireOptionsFor(body.operationId, body.beneficiaryId);
      // A `slow` acquire answers UNKNOWN/TIMEOUT at once: the mock has no provider to wait for.
      return HttpResponse.json(acquires.acquireSync(developer.clientId, body, options).answer);
    }),
    route(service, base, 'acquireProductAsync', async ({ developer, request }) => {
      requirePermission(developer, 'ACQUIRE');
      const body = await readJson(request, acquireRequestSchema, 'acquire request');
      const options = service.acquireOptionsFor(body.operationId, body.beneficiaryId);
      return HttpResponse.json(acquires.acquireAsync(developer.clientId, body, options));
    }),
    route(service, base, 'acquireStatus', ({ developer, url }) => {
      requirePermission(developer, 'ACQUIRE');
      const operationId = requireQuery(url, 'operationId');
      return HttpResponse.json(acquires.status(developer.clientId, operationId));
    }),
  ];
}
