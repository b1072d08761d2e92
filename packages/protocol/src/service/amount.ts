import { z } from 'zod';
import { openEnum } from '../internal/open';

/**
 * The answer of `GET /v1/acquire/amount?sku=&beneficiaryId=`. `restrictions` is read as a string:
 * the spec only shows `EXACT`. A failure's `error` outside the three known codes is kept as sent,
 * typed `Unrecognised`.
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
    error: openEnum(['UNKNOWN_SKU', 'INVALID_BENEFICIARY_ID', 'INTERNAL']),
  }),
]);
export type AmountResponse = z.infer<typeof amountResponseSchema>;
