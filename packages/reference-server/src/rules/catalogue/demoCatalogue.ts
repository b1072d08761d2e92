import type { CatalogueConfig, CatalogueProduct } from '../../config/catalogueConfig';

const data = (sku: string, amount: number, productDescription: string): CatalogueProduct => ({
  sku,
  amount,
  productDescription,
  amountSource: 'FIXED',
  tags: ['data'],
});

/**
 * The demo catalogue, the one the sandbox's demo configuration and the msw handlers serve: a
 * static `airtime-data` group with products of every amount source, a beneficiary-specific
 * `cable` group (any 10-digit smart card number but `0000000000`) and four operator products.
 * A fresh copy on every call.
 *
 * @example
 * ```ts
 * const catalogue = demoCatalogue();
 * catalogue.productGroups.map((group) => group.groupId); // ['airtime-data', 'cable']
 * ```
 */
export function demoCatalogue(): CatalogueConfig {
  return {
    productGroups: [
      {
        type: 'STATIC_PRODUCT_GROUP',
        groupId: 'airtime-data',
        groupName: 'Airtime and data',
        products: [
          {
            sku: 'airtime',
            productDescription: 'Airtime top-up',
            amountSource: 'PROVIDED_BY_USER',
            tags: ['airtime'],
          },
          data('data-500mb', 300, '500 MB data'),
          data('data-1gb', 500, '1 GB data'),
          data('data-2gb', 900, '2 GB data'),
          data('data-5gb', 2000, '5 GB data'),
          data('data-10gb', 3500, '10 GB data'),
          data('data-20gb', 6000, '20 GB data'),
          data('data-weekly', 250, 'Weekly data bundle'),
          data('data-monthly', 1200, 'Monthly data bundle'),
          {
            sku: 'data-plan',
            beneficiaryIdLabel: 'Phone number',
            productDescription: 'Data plan renewal',
            amountSource: 'BASED_ON_BENEFICIARY_ID',
            tags: ['data'],
            amountLookup: {
              value: 1500,
              restrictions: 'EXACT',
              beneficiaryName: 'Subscriber {beneficiaryId}',
              productName: 'Data plan renewal',
            },
          },
        ],
      },
      {
        type: 'BENEFICIARY_SPECIFIC_PRODUCT_GROUP',
        groupId: 'cable',
        groupName: 'Cable TV',
        beneficiaryIdLabel: 'Smart card number',
        tags: ['cable'],
        beneficiaryIdPattern: '[0-9]{10}',
        invalidBeneficiaryIds: ['0000000000'],
        products: [
          {
            sku: 'dstv-compact',
            amount: 10500,
            productDescription: 'DStv Compact',
            amountSource: 'FIXED',
            tags: ['cable'],
          },
          {
            sku: 'dstv-premium',
            amount: 29500,
            productDescription: 'DStv Premium',
            amountSource: 'FIXED',
            tags: ['cable'],
          },
          {
            sku: 'dstv-renew',
            productDescription: 'DStv renewal',
            amountSource: 'BASED_ON_BENEFICIARY_ID',
            tags: ['cable'],
            amountLookup: {
              value: 12500,
              restrictions: 'EXACT',
              beneficiaryName: 'Ada Obi',
              productName: 'DStv renewal',
            },
          },
        ],
      },
    ],
    operatorProducts: [
      { sku: 'mtn-airtime', operator: 'mtn', amount: null, description: 'MTN airtime, any amount' },
      { sku: 'mtn-100', operator: 'mtn', amount: 100, description: 'MTN airtime 100' },
      { sku: 'glo-200', operator: 'glo', amount: 200, description: 'Glo airtime 200' },
      { sku: 'airtel-500', operator: 'airtel', amount: 500, description: 'Airtel airtime 500' },
    ],
  };
}
