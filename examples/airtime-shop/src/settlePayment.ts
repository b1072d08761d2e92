import type { UssdkitClient } from '@ussdkit/client';
import type { MerchantPaymentCallback } from '@ussdkit/protocol';
import { deliver } from './deliver';
import type { PendingOrder } from './Order';
import type { Receipt } from './Receipt';

/** What {@link settlePayment} needs. */
export interface SettleOptions {
  readonly client: UssdkitClient;
  /** This app's id: the receipt session is pushed to it. */
  readonly appId: string;
  readonly pending: Map<string, PendingOrder>;
}

/**
 * Settles a payment that was `Unknown` in the session when its final callback arrives: on
 * `Success` it delivers the order with `buy()`, and in every final case it pushes a receipt
 * session to the customer (`client.ussd.push`, answered by the app's push entry point).
 * Callbacks of payments settled in the session, and `Unknown` callbacks, change nothing.
 *
 * @example
 * ```ts
 * await settlePayment({ client, appId: 'demo-app', pending }, { clientId, operationId, result: 'Success' });
 * ```
 */
export async function settlePayment(
  options: SettleOptions,
  callback: MerchantPaymentCallback,
): Promise<Receipt | undefined> {
  const order = options.pending.get(callback.operationId);
  if (order === undefined || callback.result === 'Unknown') return undefined;
  const { msisdn, ...bought } = order;
  let receipt: Receipt;
  if (callback.result === 'Success') {
    const delivery = await deliver(options.client, bought, msisdn);
    receipt = {
      ...bought,
      outcome: delivery.status,
      ...(delivery.status === 'delivered' ? { reference: delivery.reference } : {}),
    };
  } else {
    receipt = { ...bought, outcome: 'paymentFailed' };
  }
  await options.client.ussd.push({
    appId: options.appId,
    msisdn,
    contextData: JSON.stringify(receipt),
  });
  options.pending.delete(callback.operationId);
  return receipt;
}
