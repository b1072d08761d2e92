import type {
  AmountResponse,
  BeneficiaryProductsResponse,
  Product,
  ProductGroup,
} from '@ussdkit/protocol';
import type { MockCatalogue, MockProduct, MockProductGroup } from '../mockCatalogue';

/** A product found by sku, with its group. */
export interface FoundProduct {
  readonly product: MockProduct;
  readonly group: MockProductGroup;
}

function toWire({ amountLookup: _lookup, ...product }: MockProduct): Product {
  return { ...product, tags: [...product.tags] };
}

/** Whether a beneficiary id is valid for a group (static groups take any non-empty id). */
export function validBeneficiary(group: MockProductGroup, beneficiaryId: string): boolean {
  if (group.type === 'STATIC_PRODUCT_GROUP') return beneficiaryId !== '';
  return (
    new RegExp(`^(?:${group.beneficiaryIdPattern})$`).test(beneficiaryId) &&
    !group.invalidBeneficiaryIds.includes(beneficiaryId)
  );
}

/** `GET /v1/acquire/productGroups`. */
export function listGroups(catalogue: MockCatalogue): ProductGroup[] {
  return catalogue.productGroups.map((group): ProductGroup => {
    if (group.type === 'STATIC_PRODUCT_GROUP') {
      const { type, groupId, groupName, products } = group;
      return { type, groupId, groupName, products: products.map(toWire) };
    }
    const { type, groupId, groupName, beneficiaryIdLabel, tags } = group;
    return { type, groupId, groupName, beneficiaryIdLabel, tags: [...tags] };
  });
}

/** `GET /v1/acquire/productGroups/{groupId}?beneficiaryId=`. */
export function groupProducts(
  catalogue: MockCatalogue,
  groupId: string,
  beneficiaryId: string,
): BeneficiaryProductsResponse {
  const group = catalogue.productGroups.find((item) => item.groupId === groupId);
  if (group === undefined) return { status: 'FAILURE', error: 'INVALID_GROUP_ID' };
  if (!validBeneficiary(group, beneficiaryId)) {
    return { status: 'FAILURE', error: 'INVALID_BENEFICIARY_ID' };
  }
  return { status: 'SUCCESS', products: group.products.map(toWire) };
}

/** Finds a product by sku. */
export function findProduct(catalogue: MockCatalogue, sku: string): FoundProduct | undefined {
  for (const group of catalogue.productGroups) {
    const product = group.products.find((item) => item.sku === sku);
    if (product !== undefined) return { product, group };
  }
  return undefined;
}

/** `GET /v1/acquire/amount`; undefined for a product that has no amount (PROVIDED_BY_USER). */
export function amountFor(
  catalogue: MockCatalogue,
  sku: string,
  beneficiaryId: string,
): AmountResponse | undefined {
  const found = findProduct(catalogue, sku);
  if (found === undefined) return { status: 'FAILURE', error: 'UNKNOWN_SKU' };
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
  if (lookup === undefined) return undefined;
  return {
    status: 'SUCCESS',
    amount: { value: lookup.value, restrictions: lookup.restrictions },
    beneficiaryDetails: {
      beneficiaryName: lookup.beneficiaryName.replaceAll('{beneficiaryId}', beneficiaryId),
    },
    paymentDetails: { productName: lookup.productName },
  };
}
