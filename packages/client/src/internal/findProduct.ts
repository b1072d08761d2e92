import type { Product } from '@ussdkit/protocol';
import type { RequestOptions } from '../ClientOptions';
import { RequestValidationError } from '../errors';
import type { UssdkitClient } from '../UssdkitClient';
import { requireText } from './validate';

/**
 * Finds a product by sku: first in the static groups, then in the beneficiary-specific groups
 * (only `groupId` when given) for the beneficiary.
 */
export async function findProduct(
  client: UssdkitClient,
  params: { sku?: string; groupId?: string; beneficiaryId: string },
  options: RequestOptions | undefined,
): Promise<Product> {
  const sku = requireText('sku', params.sku);
  const groups = await client.acquire.productGroups(options);
  for (const group of groups) {
    if (group.type !== 'STATIC_PRODUCT_GROUP') continue;
    if (params.groupId !== undefined && group.groupId !== params.groupId) continue;
    const product = group.products.find((item) => item.sku === sku);
    if (product !== undefined) return product;
  }
  for (const group of groups) {
    if (group.type !== 'BENEFICIARY_SPECIFIC_PRODUCT_GROUP') continue;
    if (params.groupId !== undefined && group.groupId !== params.groupId) continue;
    const answer = await client.acquire.groupProducts(group.groupId, params.beneficiaryId, options);
    if (answer.status !== 'SUCCESS') continue;
    const product = answer.products.find((item) => item.sku === sku);
    if (product !== undefined) return product;
  }
  throw new RequestValidationError(
    'sku',
    `no product ${sku} for beneficiary ${params.beneficiaryId}`,
  );
}
