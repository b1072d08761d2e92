import type { OperatorProduct, Product } from '@ussdkit/protocol';

/**
 * A product of a catalogue: the wire product plus, for a `BASED_ON_BENEFICIARY_ID` product, what
 * the amount endpoint answers for it (`{beneficiaryId}` in `beneficiaryName` is replaced by the id
 * asked for).
 *
 * @example
 * ```ts
 * const product: CatalogueProductData = { sku: 'data-1gb', amount: 500, productDescription: '1 GB data', amountSource: 'FIXED', tags: ['data'] };
 * ```
 */
export interface CatalogueProductData extends Readonly<Omit<Product, 'tags'>> {
  readonly tags: readonly string[];
  readonly amountLookup?:
    | {
        readonly value: number;
        readonly restrictions: string;
        readonly beneficiaryName: string;
        readonly productName: string;
      }
    | undefined;
}

/**
 * A product group of a catalogue. A beneficiary-specific group has products for every
 * beneficiary id that matches `beneficiaryIdPattern` in whole and is not in
 * `invalidBeneficiaryIds`; a static group takes any non-empty id.
 *
 * @example
 * ```ts
 * const group: CatalogueGroupData = { type: 'STATIC_PRODUCT_GROUP', groupId: 'airtime', groupName: 'Airtime', products: [] };
 * ```
 */
export type CatalogueGroupData =
  | {
      readonly type: 'STATIC_PRODUCT_GROUP';
      readonly groupId: string;
      readonly groupName: string;
      readonly products: readonly CatalogueProductData[];
    }
  | {
      readonly type: 'BENEFICIARY_SPECIFIC_PRODUCT_GROUP';
      readonly groupId: string;
      readonly groupName: string;
      readonly beneficiaryIdLabel: string;
      readonly tags: readonly string[];
      /** A regular expression a valid beneficiary id matches in whole. */
      readonly beneficiaryIdPattern: string;
      /** Ids that match the pattern but are invalid all the same. */
      readonly invalidBeneficiaryIds: readonly string[];
      readonly products: readonly CatalogueProductData[];
    };

/**
 * What a service sells: product groups (static or beneficiary-specific) and the legacy operator
 * products. The sandbox's configuration and the msw handlers' `catalogue` option are both this.
 *
 * @example
 * ```ts
 * const catalogue: CatalogueData = { productGroups: [], operatorProducts: [] };
 * ```
 */
export interface CatalogueData {
  readonly productGroups: readonly CatalogueGroupData[];
  readonly operatorProducts: readonly OperatorProduct[];
}
