import type { z } from 'zod';
import { abortSessionSchema } from './app/abortSession';
import { sessionCommandSchema } from './app/actions';
import { closeSessionSchema } from './app/closeSession';
import { continueSessionSchema } from './app/continueSession';
import { newSessionSchema } from './app/newSession';
import { acquireCallbackSchema } from './callbacks/acquireCallback';
import { merchantPaymentCallbackSchema } from './callbacks/merchantPaymentCallback';
import { getEndpoint, postEndpoint } from './internal/endpoint';
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
  productGroups: getEndpoint('/v1/acquire/productGroups', productGroupListSchema),
  groupProducts: getEndpoint(
    '/v1/acquire/productGroups/{groupId}',
    beneficiaryProductsResponseSchema,
  ),
  amount: getEndpoint('/v1/acquire/amount', amountResponseSchema),
  acquireProduct: postEndpoint('/v1/acquire/product', acquireRequestSchema, acquireResultSchema),
  acquireProductAsync: postEndpoint(
    '/v1/acquire/product/async',
    acquireRequestSchema,
    asyncAcquireResultSchema,
  ),
  acquireStatus: getEndpoint('/v1/acquire/status', acquireStatusSchema),
  operatorProducts: getEndpoint('/v1/acquire/products', operatorProductListSchema),
  operatorAcquire: postEndpoint('/v1/acquire', operatorAcquireRequestSchema),
  operatorAcquireStatus: postEndpoint(
    '/v1/acquire/status',
    operatorAcquireStatusRequestSchema,
    operatorAcquireStatusSchema,
  ),
  push: postEndpoint('/ussd/app/push', pushRequestSchema, pushResponseSchema),
  clientInfo: getEndpoint('/client/info', clientProfileSchema),
  appProfile: getEndpoint('/ussd/app/{appId}', ussdAppProfileSchema),
} as const satisfies Record<string, EndpointSchemas>;

/** The endpoints a developer's app implements (called by the gateway). */
export const appEndpoints = {
  new: postEndpoint('/ussdSessionEvent/new', newSessionSchema, sessionCommandSchema),
  continue: postEndpoint('/ussdSessionEvent/continue', continueSessionSchema, sessionCommandSchema),
  close: postEndpoint('/ussdSessionEvent/close', closeSessionSchema),
  abort: postEndpoint('/ussdSessionEvent/abort', abortSessionSchema),
} as const satisfies Record<string, EndpointSchemas>;

/** Bodies the service POSTs to the developer's callback URL. */
export const callbackBodies = {
  acquire: acquireCallbackSchema,
  merchantPayment: merchantPaymentCallbackSchema,
} as const;

/** The error body of every non-2xx answer. */
export const errorBody = errorBodySchema;
