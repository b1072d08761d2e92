import { z } from 'zod';
import { amount, nonEmptyString } from '../internal/fields';

/** Where the amount of a product comes from. */
export const amountSourceSchema = z.enum(['FIXED', 'PROVIDED_BY_USER', 'BASED_ON_BENEFICIARY_ID']);
export type AmountSource = z.infer<typeof amountSourceSchema>;

/**
 * A product that can be acquired. `amount` is present for `FIXED` products.
 * Tags are read as free strings (upstream lists airtime, data, cable, operator_product).
 */
export const productSchema = z.object({
  sku: nonEmptyString,
  beneficiaryIdLabel: z.string().optional(),
  amount: amount.optional(),
  productDescription: z.string(),
  amountSource: amountSourceSchema,
  tags: z.array(z.string()),
});
export type Product = z.infer<typeof productSchema>;
