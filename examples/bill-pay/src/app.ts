import { AcquireFailedError, type UssdkitClient } from '@ussdkit/client';
import { productSchema } from '@ussdkit/protocol';
import { createApp, type SessionStore } from '@ussdkit/router';
import { z } from 'zod';
import { CABLE_GROUP_ID, cablePackages, packageItem } from './cablePackages';

/** What Bill Pay's flow needs. */
export interface BillPayAppOptions {
  readonly client: UssdkitClient;
  /** Where sessions live: `redisStore(...)` in the server, so several instances can serve them. */
  readonly store: SessionStore;
  /** The token the gateway must send as `Authorization`. */
  readonly authToken: string;
  /** The airtime shop's app id, for the redirect. */
  readonly airtimeAppId: string;
}

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
 * products priced per card (`BASED_ON_BENEFICIARY_ID`), payment with `buy()`, and a redirect to
 * the airtime shop that comes back with its result.
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
    screens: ({ chooser, input, info, redirect }) => ({
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
        targets: ['confirm', 'lookupFailed'],
        next: async (item, ctx) => {
          const product = productSchema.parse(item.value);
          ctx.state.product = product;
          if (product.amountSource !== 'BASED_ON_BENEFICIARY_ID') {
            ctx.state.amount = product.amount;
            return ctx.go('confirm');
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
          return ctx.go('confirm');
        },
      }),
      confirm: chooser({
        title: (ctx) =>
          `${ctx.state.product?.productDescription} for ${ctx.state.customer ?? `card ${ctx.state.card}`}: NGN ${ctx.state.amount}`,
        items: [{ label: 'Pay now' }],
        targets: ['paid', 'processing', 'failed'],
        next: async (_item, ctx) => {
          try {
            const bought = await client.buy({
              product: productSchema.parse(ctx.state.product),
              groupId: CABLE_GROUP_ID,
              beneficiaryId: ctx.state.card ?? '',
              customerMsisdn: ctx.msisdn,
              ...(ctx.state.amount === undefined ? {} : { amount: ctx.state.amount }),
            });
            if (bought.status === 'UNKNOWN') return ctx.go('processing');
            ctx.state.reference = bought.reference;
            return ctx.go('paid');
          } catch (error) {
            if (!(error instanceof AcquireFailedError)) throw error;
            ctx.state.failure = error.code;
            return ctx.go('failed');
          }
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
