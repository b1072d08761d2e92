import { z } from 'zod';

/** Callback sent after a merchant payment process; `cause` only with `Failure`. */
export const merchantPaymentCallbackSchema = z.object({
  clientId: z.string(),
  operationId: z.string(),
  result: z.enum(['Success', 'Failure', 'Unknown']),
  cause: z.string().optional(),
});
export type MerchantPaymentCallback = z.infer<typeof merchantPaymentCallbackSchema>;
