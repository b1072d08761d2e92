import { describe, expect, it } from 'vitest';
import { packageItem } from './cablePackages';

describe('packageItem', () => {
  it('shows the price of a fixed-price package', () => {
    const product = {
      sku: 'dstv-compact',
      amount: 10500,
      productDescription: 'DStv Compact',
      amountSource: 'FIXED' as const,
      tags: ['cable'],
    };
    expect(packageItem(product)).toEqual({ label: 'DStv Compact: NGN 10500', value: product });
  });

  it('leaves the price of a package priced per card to the lookup', () => {
    const product = {
      sku: 'dstv-renew',
      productDescription: 'DStv renewal',
      amountSource: 'BASED_ON_BENEFICIARY_ID' as const,
      tags: ['cable'],
    };
    expect(packageItem(product).label).toBe('DStv renewal: your bill');
  });
});
