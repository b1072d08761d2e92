import type { CatalogueProduct } from './config/catalogueConfig';
import type { SandboxConfig } from './config/SandboxConfig';
import {
  DEFAULT_ENDED_SESSION_SECONDS,
  DEFAULT_RETAINED_ENDED_SESSIONS,
} from './config/sessionRetentionConfig';

/**
 * The demo credentials and app of {@link demoConfig}, printed by `ussdkit-sandbox` at start-up.
 *
 * @example
 * ```ts
 * fetch(`${sandbox.url}/client/info`, {
 *   headers: { 'X-Client-Id': DEMO.clientId, 'X-Client-Secret': DEMO.clientSecret },
 * });
 * ```
 */
export const DEMO = {
  clientId: 'demo-client',
  clientSecret: 'demo-secret',
  appId: 'demo-app',
  appCode: '1',
  appUrl: 'http://127.0.0.1:3000/ussd',
  authToken: 'demo-token',
} as const;

const data = (sku: string, amount: number, productDescription: string): CatalogueProduct => ({
  sku,
  amount,
  productDescription,
  amountSource: 'FIXED',
  tags: ['data'],
});

/**
 * The configuration used when none is given: one developer with every permission, one app
 * dialled as `*<mainCode>*1#`, a static airtime-and-data group with products of every amount
 * source, a beneficiary-specific cable group and four operator products.
 *
 * @example
 * ```ts
 * const config = demoConfig();
 * config.developers[0].callbackUrl = 'http://127.0.0.1:3001/callbacks';
 * const sandbox = await startSandbox({ config });
 * ```
 */
export function demoConfig(): SandboxConfig {
  return {
    sessionRetention: {
      endedSessions: DEFAULT_RETAINED_ENDED_SESSIONS,
      seconds: DEFAULT_ENDED_SESSION_SECONDS,
    },
    developers: [
      {
        clientId: DEMO.clientId,
        clientSecret: DEMO.clientSecret,
        name: 'Demo Developer',
        balance: 1_000_000,
        virtualPurse: 10_000,
        feePerTick: 2,
        permissions: ['ACQUIRE', 'PUSH', 'RECOVERY', 'EMBEDDED_PROCESS'],
        msisdn: '+2348000000000',
        emailAddress: 'demo@example.com',
        country: 'NG',
      },
    ],
    apps: [
      {
        appId: DEMO.appId,
        clientId: DEMO.clientId,
        appCode: DEMO.appCode,
        url: DEMO.appUrl,
        authToken: DEMO.authToken,
        answerTimeoutMs: 5000,
      },
    ],
    catalogue: {
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
        {
          sku: 'mtn-airtime',
          operator: 'mtn',
          amount: null,
          description: 'MTN airtime, any amount',
        },
        { sku: 'mtn-100', operator: 'mtn', amount: 100, description: 'MTN airtime 100' },
        { sku: 'glo-200', operator: 'glo', amount: 200, description: 'Glo airtime 200' },
        { sku: 'airtel-500', operator: 'airtel', amount: 500, description: 'Airtel airtime 500' },
      ],
    },
  };
}
