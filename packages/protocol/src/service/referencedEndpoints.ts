import type { EndpointSchemas } from '../endpoints';
import { getEndpoint, postEndpoint } from '../internal/endpoint';
import { customerAccountsSchema } from './merchantAccounts';
import { merchantPaymentRequestSchema, merchantPaymentResponseSchema } from './merchantPayment';
import { operationHistorySchema } from './operationHistory';

/**
 * The three operations the spec references without showing them ("Other operations are
 * referenced: POST /merchant/payment, GET /merchant/accounts, GET /operation/history"), keyed
 * like `serviceEndpoints`. Their shapes are the sandbox's design after upstream's REST merchant
 * payment (docs/decisions/0014-merchant-and-history-endpoints.md).
 */
export const referencedServiceEndpoints = {
  merchantPayment: postEndpoint(
    '/merchant/payment',
    merchantPaymentRequestSchema,
    merchantPaymentResponseSchema,
  ),
  merchantAccounts: getEndpoint('/merchant/accounts', customerAccountsSchema),
  operationHistory: getEndpoint('/operation/history', operationHistorySchema),
} as const satisfies Record<string, EndpointSchemas>;
