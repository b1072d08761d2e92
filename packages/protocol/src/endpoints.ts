import type { z } from 'zod';
import { abortSessionSchema } from './app/abortSession';
import { sessionCommandSchema } from './app/actions';
import { closeSessionSchema } from './app/closeSession';
import { continueSessionSchema } from './app/continueSession';
import { newSessionSchema } from './app/newSession';
import { acquireCallbackSchema } from './callbacks/acquireCallback';
import { merchantPaymentCallbackSchema } from './callbacks/merchantPaymentCallback';
import {
  acquireRequestSchema,
  acquireResultSchema,
  acquireStatusSchema,
  asyncAcquireResultSchema,
} from './service/acquire';
import { amountResponseSchema } from './service/amount';
import { errorBodySchema } from './service/errorBody';
import {
  operatorAcquireRequestSchema,
  operatorAcquireStatusRequestSchema,
  operatorAcquireStatusSchema,
  operatorProductListSchema,
} from './service/operatorProducts';
import { beneficiaryProductsResponseSchema, productGroupListSchema } from './service/productGroups';
import { clientProfileSchema, ussdAppProfileSchema } from './service/profiles';
import { pushRequestSchema, pushResponseSchema } from './service/push';

/** One HTTP endpoint and the schemas of its request body and answer. */
export interface EndpointSchemas {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly request?: z.ZodType;
  readonly response?: z.ZodType;
}

/** The service's endpoints (called by developers), keyed by a stable name. */
export const serviceEndpoints = {
  productGroups: {
    method: 'GET',
    path: '/v1/acquire/productGroups',
    response: productGroupListSchema,
  },
  groupProducts: {
    method: 'GET',
    path: '/v1/acquire/productGroups/{groupId}',
    response: beneficiaryProductsResponseSchema,
  },
  amount: { method: 'GET', path: '/v1/acquire/amount', response: amountResponseSchema },
  acquireProduct: {
    method: 'POST',
    path: '/v1/acquire/product',
    request: acquireRequestSchema,
    response: acquireResultSchema,
  },
  acquireProductAsync: {
    method: 'POST',
    path: '/v1/acquire/product/async',
    request: acquireRequestSchema,
    response: asyncAcquireResultSchema,
  },
  acquireStatus: { method: 'GET', path: '/v1/acquire/status', response: acquireStatusSchema },
  operatorProducts: {
    method: 'GET',
    path: '/v1/acquire/products',
    response: operatorProductListSchema,
  },
  operatorAcquire: { method: 'POST', path: '/v1/acquire', request: operatorAcquireRequestSchema },
  operatorAcquireStatus: {
    method: 'POST',
    path: '/v1/acquire/status',
    request: operatorAcquireStatusRequestSchema,
    response: operatorAcquireStatusSchema,
  },
  push: {
    method: 'POST',
    path: '/ussd/app/push',
    request: pushRequestSchema,
    response: pushResponseSchema,
  },
  clientInfo: { method: 'GET', path: '/client/info', response: clientProfileSchema },
  appProfile: { method: 'GET', path: '/ussd/app/{appId}', response: ussdAppProfileSchema },
} as const satisfies Record<string, EndpointSchemas>;

/** The endpoints a developer's app implements (called by the gateway). */
export const appEndpoints = {
  new: {
    method: 'POST',
    path: '/ussdSessionEvent/new',
    request: newSessionSchema,
    response: sessionCommandSchema,
  },
  continue: {
    method: 'POST',
    path: '/ussdSessionEvent/continue',
    request: continueSessionSchema,
    response: sessionCommandSchema,
  },
  close: { method: 'POST', path: '/ussdSessionEvent/close', request: closeSessionSchema },
  abort: { method: 'POST', path: '/ussdSessionEvent/abort', request: abortSessionSchema },
} as const satisfies Record<string, EndpointSchemas>;

/** Bodies the service POSTs to the developer's callback URL. */
export const callbackBodies = {
  acquire: acquireCallbackSchema,
  merchantPayment: merchantPaymentCallbackSchema,
} as const;

/** The error body of every non-2xx answer. */
export const errorBody = errorBodySchema;
