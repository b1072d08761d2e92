import type { UssdkitClient } from '@ussdkit/client';
import type { Order } from './Order';

/** The product group the shop sells data from. */
export const DATA_GROUP_ID = 'airtime-data';

/**
 * The data bundles of the service's static product group, as chooser items: every FIXED
 * product tagged `data`, labelled with its price. A long list: the router paginates it.
 *
 * @example
 * ```ts
 * const items = await dataBundles(client, AbortSignal.timeout(3000));
 * items[0]; // { label: '500 MB data: NGN 300', value: { sku: 'data-500mb', label: '500 MB data', amount: 300 } }
 * ```
 */
export async function dataBundles(
  client: UssdkitClient,
  signal?: AbortSignal,
): Promise<{ label: string; value: Order }[]> {
  const groups = await client.acquire.productGroups(signal === undefined ? {} : { signal });
  const group = groups.find((candidate) => candidate.groupId === DATA_GROUP_ID);
  if (group === undefined || group.type !== 'STATIC_PRODUCT_GROUP') return [];
  return group.products.flatMap((product) =>
    product.amountSource === 'FIXED' &&
    product.amount !== undefined &&
    product.tags.includes('data')
      ? [
          {
            label: `${product.productDescription}: NGN ${product.amount}`,
            value: { sku: product.sku, label: product.productDescription, amount: product.amount },
          },
        ]
      : [],
  );
}
