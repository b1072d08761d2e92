import { z } from 'zod';

/**
 * The answer of `GET /v1/acquire/amount?sku=&beneficiaryId=`. `restrictions` is read as a string:
 * the spec only shows `EXACT`.
 */
export const amountResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('SUCCESS'),
    amount: z.object({ value: z.number().finite(), restrictions: z.string() }),
    beneficiaryDetails: z.object({ beneficiaryName: z.string() }),
    paymentDetails: z.object({ productName: z.string() }),
  }),
  z.object({
    status: z.literal('FAILURE'),
    error: z.enum(['UNKNOWN_SKU', 'INVALID_BENEFICIARY_ID', 'INTERNAL']),
  }),
]);
export type AmountResponse = z.infer<typeof amountResponseSchema>;
