import { describe, expect, it } from 'vitest';
import { receiptSchema, receiptText } from './Receipt';

const order = { sku: 'data-1gb', label: '1 GB data', amount: 500 };

describe('receiptText', () => {
  it('words every outcome', () => {
    expect(receiptText({ ...order, outcome: 'delivered', reference: 'REF-1' })).toBe(
      'Receipt: 1 GB data, NGN 500. Delivered, ref REF-1. Thank you!',
    );
    expect(receiptText({ ...order, outcome: 'processing' })).toBe(
      'Receipt: 1 GB data, NGN 500. Paid; delivery in progress.',
    );
    expect(receiptText({ ...order, outcome: 'failed' })).toBe(
      'Receipt: 1 GB data, NGN 500. Paid, but delivery failed: you will be refunded.',
    );
    expect(receiptText({ ...order, outcome: 'paymentFailed' })).toBe(
      'Receipt: 1 GB data, NGN 500. Your bank declined the payment: nothing was charged.',
    );
  });

  it('reads a receipt back from push contextData', () => {
    const receipt = { ...order, outcome: 'delivered', reference: 'REF-2' };
    expect(receiptSchema.parse(JSON.parse(JSON.stringify(receipt)))).toEqual(receipt);
    expect(receiptSchema.safeParse({ ...order, outcome: 'lost' }).success).toBe(false);
  });
});
