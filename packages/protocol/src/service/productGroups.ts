import { z } from 'zod';
import { nonEmptyString } from '../internal/fields';
import { openEnum } from '../internal/open';
import { productSchema } from './product';

/** A product group whose products are listed inline. */
export const staticProductGroupSchema = z.object({
  type: z.literal('STATIC_PRODUCT_GROUP'),
  groupId: nonEmptyString,
  groupName: z.string(),
  products: z.array(productSchema),
});
export type StaticProductGroup = z.infer<typeof staticProductGroupSchema>;

/** A product group whose products are fetched per beneficiary. */
export const beneficiarySpecificProductGroupSchema = z.object({
  type: z.literal('BENEFICIARY_SPECIFIC_PRODUCT_GROUP'),
  groupId: nonEmptyString,
  groupName: z.string(),
  beneficiaryIdLabel: z.string(),
  tags: z.array(z.string()),
});
export type BeneficiarySpecificProductGroup = z.infer<typeof beneficiarySpecificProductGroupSchema>;

/** One item of `GET /v1/acquire/productGroups`. */
export const productGroupSchema = z.discriminatedUnion('type', [
  staticProductGroupSchema,
  beneficiarySpecificProductGroupSchema,
]);
export type ProductGroup = z.infer<typeof productGroupSchema>;

/** The answer of `GET /v1/acquire/productGroups`. */
export const productGroupListSchema = z.array(productGroupSchema);
export type ProductGroupList = z.infer<typeof productGroupListSchema>;

/**
 * Error codes of `GET /v1/acquire/productGroups/{groupId}`; a code added upstream later is kept
 * as sent, typed `Unrecognised`.
 */
export const groupProductsErrorCodeSchema = openEnum([
  'INVALID_GROUP_ID',
  'INVALID_BENEFICIARY_ID',
  'INTERNAL',
]);
export type GroupProductsErrorCode = z.infer<typeof groupProductsErrorCodeSchema>;

/** The answer of `GET /v1/acquire/productGroups/{groupId}?beneficiaryId=`: products or a failure. */
export const beneficiaryProductsResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('SUCCESS'), products: z.array(productSchema) }),
  z.object({ status: z.literal('FAILURE'), error: groupProductsErrorCodeSchema }),
]);
export type BeneficiaryProductsResponse = z.infer<typeof beneficiaryProductsResponseSchema>;
