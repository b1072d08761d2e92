import type {
  AmountResponse,
  BeneficiaryProductsResponse,
  OperatorProduct,
  Product,
  ProductGroup,
} from '@ussdkit/protocol';
import type { CatalogueConfig, CatalogueGroup, CatalogueProduct } from '../config/catalogueConfig';

/** A product found by sku, with the group it belongs to. */
export interface FoundProduct {
  readonly product: CatalogueProduct;
  readonly group: CatalogueGroup;
}

/** The sandbox's products, answering the catalogue endpoints. */
export interface Catalogue {
  /** `GET /v1/acquire/productGroups`. */
  groups(): ProductGroup[];
  /** `GET /v1/acquire/productGroups/{groupId}?beneficiaryId=`. */
  groupProducts(groupId: string, beneficiaryId: string): BeneficiaryProductsResponse;
  /** `GET /v1/acquire/amount?sku=&beneficiaryId=`; undefined for a product without a lookup. */
  amount(sku: string, beneficiaryId: string): AmountResponse | undefined;
  find(sku: string): FoundProduct | undefined;
  /** Whether the beneficiary id is valid for the product's group (static groups take any). */
  validBeneficiary(group: CatalogueGroup, beneficiaryId: string): boolean;
  operatorProducts(): OperatorProduct[];
  findOperatorProduct(sku: string): OperatorProduct | undefined;
}

/** The wire form of a catalogue product (without its amount lookup). */
function toWire({ amountLookup: _lookup, ...product }: CatalogueProduct): Product {
  return product;
}

/**
 * Builds the catalogue from its configuration.
 *
 * @example
 * ```ts
 * const catalogue = createCatalogue(demoConfig().catalogue);
 * catalogue.amount('dstv-renew', '1234567890'); // { status: 'SUCCESS', amount: { value: 12500, ... } }
 * ```
 */
export function createCatalogue(config: CatalogueConfig): Catalogue {
  const bySku = new Map<string, FoundProduct>();
  for (const group of config.productGroups) {
    for (const product of group.products) bySku.set(product.sku, { product, group });
  }
  const patterns = new Map(
    config.productGroups.flatMap((group) =>
      group.type === 'BENEFICIARY_SPECIFIC_PRODUCT_GROUP'
        ? [[group.groupId, new RegExp(`^(?:${group.beneficiaryIdPattern})$`)] as const]
        : [],
    ),
  );

  function validBeneficiary(group: CatalogueGroup, beneficiaryId: string): boolean {
    if (group.type === 'STATIC_PRODUCT_GROUP') return beneficiaryId !== '';
    const pattern = patterns.get(group.groupId);
    return (
      pattern?.test(beneficiaryId) === true && !group.invalidBeneficiaryIds.includes(beneficiaryId)
    );
  }

  return {
    groups: () =>
      config.productGroups.map((group): ProductGroup => {
        if (group.type === 'STATIC_PRODUCT_GROUP') {
          const { type, groupId, groupName, products } = group;
          return { type, groupId, groupName, products: products.map(toWire) };
        }
        const { type, groupId, groupName, beneficiaryIdLabel, tags } = group;
        return { type, groupId, groupName, beneficiaryIdLabel, tags };
      }),
    groupProducts(groupId, beneficiaryId) {
      const group = config.productGroups.find((g) => g.groupId === groupId);
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
      const lookup = product.amountLookup;
      if (product.amountSource === 'FIXED' && product.amount !== undefined) {
        return {
          status: 'SUCCESS',
          amount: { value: product.amount, restrictions: 'EXACT' },
          beneficiaryDetails: { beneficiaryName: beneficiaryId },
          paymentDetails: { productName: product.productDescription },
        };
      }
      if (!lookup) return undefined;
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
    operatorProducts: () => config.operatorProducts.map((p) => ({ ...p })),
    findOperatorProduct: (sku) => config.operatorProducts.find((p) => p.sku === sku),
  };
}
