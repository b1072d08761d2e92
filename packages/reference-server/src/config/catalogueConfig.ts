import {
  beneficiarySpecificProductGroupSchema,
  hasAtMostTwoDecimals,
  operatorProductSchema,
  productSchema,
  staticProductGroupSchema,
} from '@ussdkit/protocol';
import { z } from 'zod';

/**
 * What `GET /v1/acquire/amount` answers for a `BASED_ON_BENEFICIARY_ID` product.
 * `{beneficiaryId}` in `beneficiaryName` is replaced by the beneficiary id asked for.
 */
export const amountLookupSchema = z.object({
  value: z.number().positive().refine(hasAtMostTwoDecimals, 'must have at most two decimals'),
  /** @defaultValue `"EXACT"` */
  restrictions: z.string().default('EXACT'),
  beneficiaryName: z.string(),
  productName: z.string(),
});

/** A product of the catalogue: the wire product plus, when needed, its amount lookup. */
export const catalogueProductSchema = productSchema
  .extend({ amountLookup: amountLookupSchema.optional() })
  .superRefine((product, ctx) => {
    if (product.amountSource === 'FIXED' && product.amount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'a FIXED product needs amount' });
    }
    if (product.amountSource === 'BASED_ON_BENEFICIARY_ID' && !product.amountLookup) {
      ctx.addIssue({
        code: 'custom',
        path: ['amountLookup'],
        message: 'a BASED_ON_BENEFICIARY_ID product needs amountLookup',
      });
    }
  });
export type CatalogueProduct = z.output<typeof catalogueProductSchema>;

/** A beneficiary-specific group: its products apply to every beneficiary id that is valid. */
export const catalogueBeneficiaryGroupSchema = beneficiarySpecificProductGroupSchema.extend({
  /** A regular expression a valid beneficiary id matches in whole. @defaultValue `".+"` */
  beneficiaryIdPattern: z.string().default('.+'),
  /** Ids that match the pattern but are invalid all the same. @defaultValue `[]` */
  invalidBeneficiaryIds: z.array(z.string()).default([]),
  products: z.array(catalogueProductSchema),
});

export const catalogueStaticGroupSchema = staticProductGroupSchema.extend({
  products: z.array(catalogueProductSchema),
});

/**
 * The products the sandbox sells: product groups (static or beneficiary-specific) and the
 * legacy operator products.
 */
export const catalogueConfigSchema = z.object({
  productGroups: z
    .array(
      z.discriminatedUnion('type', [catalogueStaticGroupSchema, catalogueBeneficiaryGroupSchema]),
    )
    .default([]),
  operatorProducts: z.array(operatorProductSchema).default([]),
});
export type CatalogueConfig = z.output<typeof catalogueConfigSchema>;
export type CatalogueGroup = CatalogueConfig['productGroups'][number];
