import { z } from 'zod';
import { orderSchema } from './Order';

/** The receipt pushed to the customer once a pending payment settles (the push's contextData). */
export const receiptSchema = orderSchema.extend({
  outcome: z.enum(['delivered', 'processing', 'failed', 'paymentFailed']),
  reference: z.string().optional(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/**
 * The text of a receipt, shown on the pushed session's screen.
 *
 * @example
 * ```ts
 * receiptText({ sku: 'data-1gb', label: '1 GB data', amount: 500, outcome: 'delivered', reference: 'REF-1' });
 * // 'Receipt: 1 GB data, NGN 500. Delivered, ref REF-1. Thank you!'
 * ```
 */
export function receiptText(receipt: Receipt): string {
  const head = `Receipt: ${receipt.label}, NGN ${receipt.amount}.`;
  switch (receipt.outcome) {
    case 'delivered':
      return `${head} Delivered, ref ${receipt.reference ?? '-'}. Thank you!`;
    case 'processing':
      return `${head} Paid; delivery in progress.`;
    case 'failed':
      return `${head} Paid, but delivery failed: you will be refunded.`;
    case 'paymentFailed':
      return `${head} Your bank declined the payment: nothing was charged.`;
  }
}
