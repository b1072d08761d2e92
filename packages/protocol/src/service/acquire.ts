import { z } from 'zod';
import { amount, nonEmptyString } from '../internal/fields';

/** Error codes of a failed acquire (sync, async and status answers). */
export const acquireErrorCodeSchema = z.enum([
  'TIMEOUT',
  'INTERNAL',
  'INVALID_AMOUNT',
  'UNKNOWN_SKU',
  'INVALID_BENEFICIARY_ID',
  'UNSPECIFIED',
]);
export type AcquireErrorCode = z.infer<typeof acquireErrorCodeSchema>;

/** Body of `POST /v1/acquire/product` and `/v1/acquire/product/async`. */
export const acquireRequestSchema = z.object({
  operationId: nonEmptyString,
  sku: nonEmptyString,
  beneficiaryId: nonEmptyString,
  customerMsisdn: nonEmptyString,
  amount: amount.positive().optional(),
});
export type AcquireRequest = z.infer<typeof acquireRequestSchema>;

const success = z.object({
  status: z.literal('SUCCESS'),
  transactionId: z.string(),
  reference: z.string(),
});
const failure = z.object({
  status: z.literal('FAILURE'),
  error: acquireErrorCodeSchema,
  rawErrorCode: z.string().optional(),
});
const unknown = z.object({
  status: z.literal('UNKNOWN'),
  error: acquireErrorCodeSchema.optional(),
  transactionId: z.string().optional(),
  reference: z.string().optional(),
});

/** Answer of a synchronous acquire: `SUCCESS`, `FAILURE` with an error code, or `UNKNOWN`. */
export const acquireResultSchema = z.discriminatedUnion('status', [success, failure, unknown]);
export type AcquireResult = z.infer<typeof acquireResultSchema>;

/** Answer of an asynchronous acquire: `INITIATED` (a callback follows) or `FAILURE` (none will). */
export const asyncAcquireResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('INITIATED') }),
  failure,
]);
export type AsyncAcquireResult = z.infer<typeof asyncAcquireResultSchema>;

/** Answer of `GET /v1/acquire/status?operationId=`; `NOT_FOUND` for an unknown operationId. */
export const acquireStatusSchema = z.discriminatedUnion('status', [
  success,
  failure,
  unknown,
  z.object({ status: z.literal('NOT_FOUND') }),
]);
export type AcquireStatus = z.infer<typeof acquireStatusSchema>;
