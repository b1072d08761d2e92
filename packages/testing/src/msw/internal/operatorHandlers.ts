import {
  operatorAcquireRequestSchema,
  operatorAcquireStatusRequestSchema,
} from '@ussdkit/protocol';
import { type HttpHandler, HttpResponse } from 'msw';
import type { MockService } from '../MockService';
import { readJson, requirePermission, route } from './http';

/**
 * Handlers of the legacy operator-products flow: list, acquire (202), status (bare string), with
 * the sandbox rules' answers.
 */
export function operatorHandlers(service: MockService, base: string): HttpHandler[] {
  const { catalogue, acquires } = service.rules;
  return [
    route(service, base, 'operatorProducts', ({ developer }) => {
      requirePermission(developer, 'ACQUIRE');
      return HttpResponse.json(catalogue.operatorProducts());
    }),
    route(service, base, 'operatorAcquire', async ({ developer, request }) => {
      requirePermission(developer, 'ACQUIRE');
      const body = await readJson(
        request,
        operatorAcquireRequestSchema,
        'operator acquire request',
      );
      acquires.operatorAcquire(developer.clientId, body);
      return HttpResponse.json({ status: 'ACCEPTED' }, { status: 202 });
    }),
    route(service, base, 'operatorAcquireStatus', async ({ developer, request }) => {
      requirePermission(developer, 'ACQUIRE');
      const { operationId } = await readJson(
        request,
        operatorAcquireStatusRequestSchema,
        'operator status request',
      );
      return HttpResponse.json(acquires.operatorStatus(developer.clientId, operationId));
    }),
  ];
}
