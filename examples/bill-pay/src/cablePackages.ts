import type { UssdkitClient } from '@ussdkit/client';
import type { Product } from '@ussdkit/protocol';

/** The beneficiary-specific group of cable TV packages. */
export const CABLE_GROUP_ID = 'cable';

/**
 * Checks a smart card number with the service: the cable group's products for that card, or
 * the reason it was refused (`INVALID_BENEFICIARY_ID` for an unknown card).
 *
 * @example
 * ```ts
 * const answer = await cablePackages(client, '1234567890');
 * if (answer.status === 'SUCCESS') console.log(answer.products.map((p) => p.sku));
 * ```
 */
export function cablePackages(client: UssdkitClient, smartCard: string) {
  return client.acquire.groupProducts(CABLE_GROUP_ID, smartCard);
}

/**
 * A product as a chooser item: FIXED products show their price; products priced per card
 * (`BASED_ON_BENEFICIARY_ID`) are looked up once chosen.
 *
 * @example
 * ```ts
 * packageItem({ sku: 'dstv-compact', amount: 10500, productDescription: 'DStv Compact', amountSource: 'FIXED', tags: [] });
 * // { label: 'DStv Compact: NGN 10500', value: { ... } }
 * ```
 */
export function packageItem(product: Product): { label: string; value: Product } {
  const price =
    product.amountSource === 'FIXED' && product.amount !== undefined
      ? `NGN ${product.amount}`
      : 'your bill';
  return { label: `${product.productDescription}: ${price}`, value: product };
}
