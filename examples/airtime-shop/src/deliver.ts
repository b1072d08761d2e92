import { AcquireFailedError, type UssdkitClient } from '@ussdkit/client';
import type { Order } from './Order';

/** How a delivery ended: delivered, still running at the provider, or refused. */
export type Delivery =
  | { readonly status: 'delivered'; readonly reference: string }
  | { readonly status: 'processing'; readonly operationId: string }
  | { readonly status: 'failed'; readonly error: string };

/**
 * Delivers a paid order to the customer's phone with the client's `buy()`: it reads the
 * product's amount source, checks or fills the amount, and acquires synchronously.
 *
 * @example
 * ```ts
 * const delivery = await deliver(client, { sku: 'data-1gb', label: '1 GB data', amount: 500 }, '+2348030000001');
 * if (delivery.status === 'delivered') console.log(delivery.reference);
 * ```
 */
export async function deliver(
  client: UssdkitClient,
  order: Order,
  msisdn: string,
): Promise<Delivery> {
  try {
    const bought = await client.buy({
      sku: order.sku,
      amount: order.amount,
      beneficiaryId: msisdn,
      customerMsisdn: msisdn,
    });
    if (bought.status === 'UNKNOWN')
      return { status: 'processing', operationId: bought.operationId };
    return { status: 'delivered', reference: bought.reference };
  } catch (error) {
    if (error instanceof AcquireFailedError) return { status: 'failed', error: error.code };
    throw error;
  }
}
