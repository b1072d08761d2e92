import {
  operatorAcquireRequestSchema,
  operatorAcquireStatusRequestSchema,
  parseWire,
} from '@ussdkit/protocol';
import { type HttpHandler, HttpResponse } from 'msw';
import type { MockOperation } from '../MockRecords';
import type { MockService } from '../MockService';
import { hold, reserve } from './acquireLogic';
import { MockHttpError, readJson, requirePermission, route } from './http';
import { operationKey } from './records';

/** Handlers of the legacy operator-products flow: list, acquire (202), status (bare string). */
export function operatorHandlers(service: MockService, base: string): HttpHandler[] {
  return [
    route(service, base, 'operatorProducts', ({ developer }) => {
      requirePermission(developer, 'ACQUIRE');
      return HttpResponse.json(
        service.catalogue.operatorProducts.map((product) => ({ ...product })),
      );
    }),
    route(service, base, 'operatorAcquire', async ({ developer, request }) => {
      requirePermission(developer, 'ACQUIRE');
      const body = await readJson(request, (value) =>
        parseWire(operatorAcquireRequestSchema, value, 'operator acquire request'),
      );
      reserve(service, developer.clientId, body.operationId);
      const product = service.catalogue.operatorProducts.find((item) => item.sku === body.sku);
      if (product === undefined) {
        throw new MockHttpError(400, 'BAD_REQUEST', `sku: no operator product "${body.sku}"`);
      }
      const amount = product.amount ?? body.amount;
      if (amount === null) {
        throw new MockHttpError(400, 'BAD_REQUEST', `amount: required for "${product.sku}"`);
      }
      if (product.amount !== null && body.amount !== null && body.amount !== product.amount) {
        throw new MockHttpError(
          400,
          'BAD_REQUEST',
          `amount: "${product.sku}" costs ${product.amount}`,
        );
      }
      hold(developer, amount);
      const operation: MockOperation = {
        clientId: developer.clientId,
        operationId: body.operationId,
        flow: 'operator',
        mode: 'async',
        sku: body.sku,
        beneficiaryId: body.acquirerMsisdn,
        amount,
        status: 'UNKNOWN',
      };
      service.operations.set(operationKey(developer.clientId, body.operationId), operation);
      service.succeed(operation);
      service.notify(operation);
      return HttpResponse.json({ status: 'ACCEPTED' }, { status: 202 });
    }),
    route(service, base, 'operatorAcquireStatus', async ({ developer, request }) => {
      requirePermission(developer, 'ACQUIRE');
      const { operationId } = await readJson(request, (value) =>
        parseWire(operatorAcquireStatusRequestSchema, value, 'operator status request'),
      );
      const operation = service.operation(developer.clientId, operationId);
      if (operation === undefined) return HttpResponse.json('not_found');
      service.settleIfDue(operation);
      const answer =
        operation.status === 'SUCCESS'
          ? 'success'
          : operation.status === 'FAILURE'
            ? 'failure'
            : 'pending';
      return HttpResponse.json(answer);
    }),
  ];
}
