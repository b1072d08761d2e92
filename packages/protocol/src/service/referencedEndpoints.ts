import type { EndpointSchemas } from '../endpoints';
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
  merchantPayment: {
    method: 'POST',
    path: '/merchant/payment',
    request: merchantPaymentRequestSchema,
    response: merchantPaymentResponseSchema,
  },
  merchantAccounts: { method: 'GET', path: '/merchant/accounts', response: customerAccountsSchema },
  operationHistory: { method: 'GET', path: '/operation/history', response: operationHistorySchema },
} as const satisfies Record<string, EndpointSchemas>;
