import { z } from 'zod';

/** What the customer is buying: kept in the session, and with the pending payments. */
export const orderSchema = z.object({
  sku: z.string(),
  label: z.string(),
  amount: z.number(),
});
export type Order = z.infer<typeof orderSchema>;

/** A payment the bank has not confirmed yet (`Unknown`): settled by the payment callback. */
export interface PendingOrder extends Order {
  readonly msisdn: string;
}

/**
 * The payments waiting for their callback, by operationId. In memory: run one instance of the
 * example, or keep these in your database.
 *
 * @example
 * ```ts
 * const pending = pendingOrders();
 * pending.set('op-1', { sku: 'data-1gb', label: '1 GB data', amount: 500, msisdn: '+2348030000001' });
 * ```
 */
export function pendingOrders(): Map<string, PendingOrder> {
  return new Map();
}
