import type { UssdkitClient } from '@ussdkit/client';
import { productSchema } from '@ussdkit/protocol';
import { createApp, type SessionStore } from '@ussdkit/router';
import { confirmAndPay, type PaymentService } from '@ussdkit-examples/flows';
import { z } from 'zod';
import { billPayments } from './billPayments';
import { cablePackages, packageItem } from './cablePackages';

/** What Bill Pay's flow needs. */
export interface BillPayAppOptions {
  readonly client: UssdkitClient;
  /** Where sessions live: `redisStore(...)` in the server, so several instances can serve them. */
  readonly store: SessionStore;
  /** The token the gateway must send as `Authorization`. */
  readonly authToken: string;
  /** The airtime shop's app id, for the redirect. */
  readonly airtimeAppId: string;
  /**
   * Checks the customer's PIN before paying (a real app asks its wallet or bank).
   * @defaultValue {@link demoPin}: `1234` is every customer's PIN
   */
  readonly checkPin?: PaymentService['checkPin'] | undefined;
}

/**
 * The demo's PIN check: every customer's PIN is `1234`.
 *
 * @example
 * ```ts
 * demoPin('+2348030000000', '1234'); // true
 * ```
 */
export const demoPin: PaymentService['checkPin'] = (_msisdn, pin) => pin === '1234';

const state = z.object({
  card: z.string().optional(),
  product: productSchema.optional(),
  amount: z.number().optional(),
  customer: z.string().optional(),
  reference: z.string().optional(),
  failure: z.string().optional(),
  airtime: z.record(z.string(), z.string()).optional(),
});

/**
 * Bill Pay's flow: cable TV bills from the beneficiary-specific `cable` group (the smart card
 * number is checked with the service, the packages are the card's), the amount looked up for
 * products priced per card (`BASED_ON_BENEFICIARY_ID`), payment through the shared
 * `confirmAndPay` flow (confirm, PIN, `buy()`), and a redirect to the airtime shop that comes
 * back with its result.
 *
 * @example
 * ```ts
 * const app = createBillPayApp({ client, store: redisStore({ client: redis }), authToken: 't', airtimeAppId: 'demo-app' });
 * ```
 */
export function createBillPayApp(options: BillPayAppOptions) {
  const { client } = options;
  return createApp({
    state,
    start: 'menu',
    store: options.store,
    authToken: options.authToken,
    // The customer sees "Service unavailable"; the cause is for the logs.
    onError: (error, { sessionId, event }) =>
      console.error('bill-pay: %s of session %s failed:', event, sessionId, error),
    flows: { pay: confirmAndPay(billPayments(client, options.checkPin ?? demoPin)) },
    screens: ({ callFlow, chooser, input, info, redirect }) => ({
      menu: chooser({
        title: 'Bill Pay',
        items: [
          { label: 'Cable TV', next: 'card' },
          { label: 'Buy airtime', next: 'airtime' },
        ],
      }),
      card: input({
        text: 'Smart card number (10 digits)',
        validate: async (value) => {
          if (!/^\d{10}$/.test(value)) return 'A smart card number has 10 digits';
          const answer = await cablePackages(client, value);
          return answer.status === 'SUCCESS' ? undefined : 'Smart card not found';
        },
        targets: ['packages'],
        next: (card, ctx) => {
          ctx.state.card = card;
          return ctx.go('packages');
        },
      }),
      packages: chooser({
        title: (ctx) => `Card ${ctx.state.card}: choose a package`,
        items: async (ctx) => {
          const answer = await cablePackages(client, ctx.state.card ?? '');
          return answer.status === 'SUCCESS' ? answer.products.map(packageItem) : [];
        },
        targets: ['pay', 'lookupFailed'],
        next: async (item, ctx) => {
          const product = productSchema.parse(item.value);
          ctx.state.product = product;
          if (product.amountSource !== 'BASED_ON_BENEFICIARY_ID') {
            ctx.state.amount = product.amount;
            return ctx.go('pay');
          }
          // The bill depends on the card: ask the service how much it is, and whose card it is.
          const lookup = await client.acquire.amount({
            sku: product.sku,
            beneficiaryId: ctx.state.card ?? '',
          });
          if (lookup.status === 'FAILURE') {
            ctx.state.failure = lookup.error;
            return ctx.go('lookupFailed');
          }
          ctx.state.amount = lookup.amount.value;
          ctx.state.customer = lookup.beneficiaryDetails.beneficiaryName;
          return ctx.go('pay');
        },
      }),
      // The shared "confirm and pay" flow: it shows the bill, asks the PIN and pays with buy().
      pay: callFlow({
        flow: 'pay',
        params: (ctx) => ({
          amount: ctx.state.amount ?? 0,
          recipient: ctx.state.customer ?? `card ${ctx.state.card}`,
          description: ctx.state.product?.productDescription ?? 'cable TV',
          order: { product: productSchema.parse(ctx.state.product), card: ctx.state.card ?? '' },
        }),
        targets: ['paid', 'processing', 'failed', 'cancelled'],
        next: (outcome, ctx) => {
          if (outcome.paid) {
            ctx.state.reference = outcome.reference;
            return ctx.go('paid');
          }
          if (outcome.reason === 'pending') return ctx.go('processing');
          if (outcome.reason === 'cancelled') return ctx.go('cancelled');
          ctx.state.failure = outcome.reason;
          return ctx.go('failed');
        },
      }),
      paid: info({
        text: (ctx) =>
          `Paid NGN ${ctx.state.amount} for ${ctx.state.product?.productDescription}, card ${ctx.state.card}. Ref ${ctx.state.reference}`,
      }),
      processing: info({ text: 'Payment sent; the provider is confirming it. We will SMS you.' }),
      failed: info({
        text: (ctx) => `Payment refused (${ctx.state.failure}). Nothing was charged.`,
      }),
      cancelled: info({ text: 'Payment cancelled. Nothing was charged.' }),
      lookupFailed: info({ text: (ctx) => `Could not find your bill (${ctx.state.failure}).` }),
      // The airtime shop takes over the session, then hands it back with its result.
      airtime: redirect({
        destinationAppId: options.airtimeAppId,
        process: { id: 'buy-airtime' },
        targets: ['airtimeDone'],
        onReturn: (result, ctx) => {
          ctx.state.airtime = { ...result };
          return ctx.go('airtimeDone');
        },
      }),
      airtimeDone: info({
        text: (ctx) =>
          ctx.state.airtime?.status === 'delivered'
            ? `Back in Bill Pay: NGN ${ctx.state.airtime.amount} airtime bought, ref ${ctx.state.airtime.reference}.`
            : `Back in Bill Pay: no airtime bought (${ctx.state.airtime?.status}).`,
      }),
    }),
  });
}

/** Bill Pay's compiled app. */
export type BillPayApp = ReturnType<typeof createBillPayApp>;
