import { z } from 'zod';
import { amount, nonEmptyString } from '../internal/fields';

/** One item of `GET /v1/acquire/products` (legacy operator-products flow). */
export const operatorProductSchema = z.object({
  sku: nonEmptyString,
  operator: z.string(),
  amount: z.number().finite().nullable(),
  description: z.string(),
});
export type OperatorProduct = z.infer<typeof operatorProductSchema>;

/** The answer of `GET /v1/acquire/products`. */
export const operatorProductListSchema = z.array(operatorProductSchema);

/**
 * Body of `POST /v1/acquire` (legacy flow). `amount` is `null` for a product with a constant
 * price and required for a product whose amount is `null`.
 */
export const operatorAcquireRequestSchema = z.object({
  operationId: nonEmptyString,
  sku: nonEmptyString,
  acquirerMsisdn: nonEmptyString,
  amount: amount.positive().nullable(),
});
export type OperatorAcquireRequest = z.infer<typeof operatorAcquireRequestSchema>;

/** Body of `POST /v1/acquire/status` (legacy flow). */
export const operatorAcquireStatusRequestSchema = z.object({ operationId: nonEmptyString });
export type OperatorAcquireStatusRequest = z.infer<typeof operatorAcquireStatusRequestSchema>;

/**
 * Answer of `POST /v1/acquire/status`: a bare JSON string. The spec shows `success`; we also
 * read `failure`, `unknown`, `pending` and `not_found`, and any other string.
 */
export const operatorAcquireStatusSchema = z.string();
export type OperatorAcquireStatus = z.infer<typeof operatorAcquireStatusSchema>;
