import type {
  AmountResponse,
  BeneficiaryProductsResponse,
  OperatorProduct,
  Product,
  ProductGroup,
} from '@ussdkit/protocol';
import { badRequest } from '../requests/RuleError';
import type { CatalogueData, CatalogueGroupData, CatalogueProductData } from './CatalogueData';

/**
 * A product found by sku, with the group it belongs to.
 *
 * @example
 * ```ts
 * const found: FoundProduct | undefined = catalogue.find('data-1gb');
 * ```
 */
export interface FoundProduct {
  readonly product: CatalogueProductData;
  readonly group: CatalogueGroupData;
}

/**
 * A catalogue answering the catalogue endpoints.
 *
 * @example
 * ```ts
 * const groups = createCatalogue(demoCatalogue()).groups();
 * ```
 */
export interface Catalogue {
  /** `GET /v1/acquire/productGroups`. */
  groups(): ProductGroup[];
  /** `GET /v1/acquire/productGroups/{groupId}?beneficiaryId=`. */
  groupProducts(groupId: string, beneficiaryId: string): BeneficiaryProductsResponse;
  /**
   * `GET /v1/acquire/amount?sku=&beneficiaryId=`.
   * @throws {@link RuleError} 400 for a `PROVIDED_BY_USER` product, which has no amount.
   */
  amount(sku: string, beneficiaryId: string): AmountResponse;
  find(sku: string): FoundProduct | undefined;
  /** Whether the beneficiary id is valid for the product's group (static groups take any). */
  validBeneficiary(group: CatalogueGroupData, beneficiaryId: string): boolean;
  operatorProducts(): OperatorProduct[];
  findOperatorProduct(sku: string): OperatorProduct | undefined;
}

/** The wire form of a catalogue product (without its amount lookup). */
function toWire({ amountLookup: _lookup, tags, ...product }: CatalogueProductData): Product {
  return { ...product, tags: [...tags] };
}

/**
 * Builds the catalogue from its data (the sandbox's configuration, the msw handlers' option).
 *
 * @example
 * ```ts
 * const catalogue = createCatalogue(demoCatalogue());
 * catalogue.amount('dstv-renew', '1234567890'); // { status: 'SUCCESS', amount: { value: 12500, ... } }
 * ```
 */
export function createCatalogue(data: CatalogueData): Catalogue {
  const bySku = new Map<string, FoundProduct>();
  for (const group of data.productGroups) {
    for (const product of group.products) bySku.set(product.sku, { product, group });
  }
  const patterns = new Map(
    data.productGroups.flatMap((group) =>
      group.type === 'BENEFICIARY_SPECIFIC_PRODUCT_GROUP'
        ? [[group.groupId, new RegExp(`^(?:${group.beneficiaryIdPattern})$`)] as const]
        : [],
    ),
  );

  function validBeneficiary(group: CatalogueGroupData, beneficiaryId: string): boolean {
    if (group.type === 'STATIC_PRODUCT_GROUP') return beneficiaryId !== '';
    const pattern = patterns.get(group.groupId);
    return (
      pattern?.test(beneficiaryId) === true && !group.invalidBeneficiaryIds.includes(beneficiaryId)
    );
  }

  return {
    groups: () =>
      data.productGroups.map((group): ProductGroup => {
        if (group.type === 'STATIC_PRODUCT_GROUP') {
          const { type, groupId, groupName, products } = group;
          return { type, groupId, groupName, products: products.map(toWire) };
        }
        const { type, groupId, groupName, beneficiaryIdLabel, tags } = group;
        return { type, groupId, groupName, beneficiaryIdLabel, tags: [...tags] };
      }),
    groupProducts(groupId, beneficiaryId) {
      const group = data.productGroups.find((g) => g.groupId === groupId);
      if (!group) return { status: 'FAILURE', error: 'INVALID_GROUP_ID' };
      if (!validBeneficiary(group, beneficiaryId)) {
        return { status: 'FAILURE', error: 'INVALID_BENEFICIARY_ID' };
      }
      return { status: 'SUCCESS', products: group.products.map(toWire) };
    },
    amount(sku, beneficiaryId) {
      const found = bySku.get(sku);
      if (!found) return { status: 'FAILURE', error: 'UNKNOWN_SKU' };
      const { product, group } = found;
      if (!validBeneficiary(group, beneficiaryId)) {
        return { status: 'FAILURE', error: 'INVALID_BENEFICIARY_ID' };
      }
      if (product.amountSource === 'FIXED' && product.amount !== undefined) {
        return {
          status: 'SUCCESS',
          amount: { value: product.amount, restrictions: 'EXACT' },
          beneficiaryDetails: { beneficiaryName: beneficiaryId },
          paymentDetails: { productName: product.productDescription },
        };
      }
      const lookup = product.amountLookup;
      if (!lookup) {
        throw badRequest(
          `sku: "${sku}" is PROVIDED_BY_USER; the amount endpoint has no amount for it`,
        );
      }
      return {
        status: 'SUCCESS',
        amount: { value: lookup.value, restrictions: lookup.restrictions },
        beneficiaryDetails: {
          beneficiaryName: lookup.beneficiaryName.replaceAll('{beneficiaryId}', beneficiaryId),
        },
        paymentDetails: { productName: lookup.productName },
      };
    },
    find: (sku) => bySku.get(sku),
    validBeneficiary,
    operatorProducts: () => data.operatorProducts.map((p) => ({ ...p })),
    findOperatorProduct: (sku) => data.operatorProducts.find((p) => p.sku === sku),
  };
}
