import { acquireRequestSchema, parseWire } from '@ussdkit/protocol';
import { type HttpHandler, HttpResponse } from 'msw';
import type { MockService } from '../MockService';
import { acquire, acquireStatus } from './acquireLogic';
import { amountFor, groupProducts, listGroups } from './catalogue';
import { MockHttpError, param, readJson, requirePermission, requireQuery, route } from './http';

/** Handlers of the product flow: groups, group products, amount, acquire sync/async, status. */
export function acquireHandlers(service: MockService, base: string): HttpHandler[] {
  const parseAcquire = (value: unknown) =>
    parseWire(acquireRequestSchema, value, 'acquire request');
  return [
    route(service, base, 'productGroups', ({ developer }) => {
      requirePermission(developer, 'ACQUIRE');
      return HttpResponse.json(listGroups(service.catalogue));
    }),
    route(service, base, 'groupProducts', (context) => {
      requirePermission(context.developer, 'ACQUIRE');
      const beneficiaryId = requireQuery(context.url, 'beneficiaryId');
      return HttpResponse.json(
        groupProducts(service.catalogue, param(context, 'groupId'), beneficiaryId),
      );
    }),
    route(service, base, 'amount', ({ developer, url }) => {
      requirePermission(developer, 'ACQUIRE');
      const sku = requireQuery(url, 'sku');
      const answer = amountFor(service.catalogue, sku, requireQuery(url, 'beneficiaryId'));
      if (answer === undefined) {
        throw new MockHttpError(400, 'BAD_REQUEST', `sku: "${sku}" is PROVIDED_BY_USER; no amount`);
      }
      return HttpResponse.json(answer);
    }),
    route(service, base, 'acquireProduct', async ({ developer, request }) => {
      requirePermission(developer, 'ACQUIRE');
      const body = await readJson(request, parseAcquire);
      return HttpResponse.json(acquire(service, developer, body, 'sync'));
    }),
    route(service, base, 'acquireProductAsync', async ({ developer, request }) => {
      requirePermission(developer, 'ACQUIRE');
      const body = await readJson(request, parseAcquire);
      return HttpResponse.json(acquire(service, developer, body, 'async'));
    }),
    route(service, base, 'acquireStatus', ({ developer, url }) => {
      requirePermission(developer, 'ACQUIRE');
      const operationId = requireQuery(url, 'operationId');
      return HttpResponse.json(acquireStatus(service, developer.clientId, operationId));
    }),
  ];
}
