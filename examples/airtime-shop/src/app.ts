import type { UssdkitClient } from '@ussdkit/client';
import type { MerchantPaymentFailureCause } from '@ussdkit/protocol';
import { type Context, createApp } from '@ussdkit/router';
import { z } from 'zod';
import { dataBundles } from './dataBundles';
import { deliver } from './deliver';
import { orderSchema, type PendingOrder } from './Order';
import { receiptSchema, receiptText } from './Receipt';

/** What the flow needs: the service client, the merchant code, the pending payments. */
export interface ShopAppOptions {
  readonly client: UssdkitClient;
  /** The merchant code customers pay. */
  readonly merchantCode: string;
  /** The token the gateway must send as `Authorization`. */
  readonly authToken: string;
  /** Payments waiting for their callback (see `pendingOrders()`). */
  readonly pending: Map<string, PendingOrder>;
}

const state = z.object({
  order: orderSchema.optional(),
  outcome: z.enum(['delivered', 'processing', 'failed', 'paymentFailed', 'pending']).optional(),
  reference: z.string().optional(),
  failure: z.string().optional(),
});
type ShopState = z.output<typeof state>;

const causes: Record<MerchantPaymentFailureCause, string> = {
  AuthenticationFailed: 'wrong PIN',
  InsufficientBalance: 'not enough money in the account',
  InvalidMerchant: 'this shop cannot take payments now',
  NoAccounts: 'no bank account is linked to this number',
  SwitchUnavailable: 'the bank cannot be reached, try again later',
  Other: 'the bank declined the payment',
};

/** A session started by another app's redirect returns to it instead of ending. */
const fromRedirect = (ctx: Context<ShopState>): boolean => ctx.start.type === 'Redirect';

/**
 * The airtime shop's flow: a main menu (back and home on every screen), an airtime amount input
 * validated with zod, a paginated list of data bundles from the client's product groups, a bank
 * payment with every result handled, delivery with `buy()`, and a pushed receipt when a payment
 * settles later. Other apps can redirect to it (`process.id` `buy-airtime`) and get the result.
 *
 * @example
 * ```ts
 * const app = createShopApp({ client, merchantCode: 'SHOP-01', authToken: 'demo-token', pending: pendingOrders() });
 * ```
 */
export function createShopApp(options: ShopAppOptions) {
  const { client, pending } = options;
  return createApp({
    state,
    start: 'menu',
    authToken: options.authToken,
    // The customer sees "Service unavailable"; the cause is for the logs.
    onError: (error, { sessionId, event }) =>
      console.error('airtime-shop: %s of session %s failed:', event, sessionId, error),
    entry: {
      // A receipt pushed by the callback route: the push's contextData is the receipt.
      push: {
        data: receiptSchema,
        screen: 'pushedReceipt',
        onStart: (receipt, ctx) => {
          ctx.state.order = receipt;
          ctx.state.outcome = receipt.outcome;
          ctx.state.reference = receipt.reference;
        },
      },
      redirect: { 'buy-airtime': { params: z.object({}), screen: 'airtime' } },
    },
    screens: ({ chooser, input, info, merchantPayment, returnFromRedirect }) => ({
      menu: chooser({
        title: 'Airtime Shop',
        items: [
          { label: 'Buy airtime', next: 'airtime' },
          { label: 'Buy data', next: 'data' },
          { label: 'Help', next: 'help' },
        ],
      }),
      airtime: input({
        text: 'Airtime amount in NGN (50 to 20000)',
        validate: z.coerce
          .number({ error: 'Enter a number, like 500' })
          .int('Whole naira only')
          .min(50, 'The minimum is NGN 50')
          .max(20_000, 'The maximum is NGN 20000'),
        targets: ['confirm'],
        next: (amount, ctx) => {
          ctx.state.order = { sku: 'airtime', label: `NGN ${amount} airtime`, amount };
          return ctx.go('confirm');
        },
      }),
      data: chooser({
        title: 'Data bundles',
        items: () => dataBundles(client),
        targets: ['confirm'],
        next: (item, ctx) => {
          ctx.state.order = item.value;
          return ctx.go('confirm');
        },
      }),
      confirm: chooser({
        title: (ctx) =>
          `${ctx.state.order?.label} for ${ctx.msisdn}: NGN ${ctx.state.order?.amount}`,
        items: [{ label: 'Pay from my bank account', next: 'pay' }],
      }),
      pay: merchantPayment({
        payment: (ctx) => ({
          merchantCode: options.merchantCode,
          amount: ctx.state.order?.amount ?? 0,
        }),
        targets: [
          'receipt',
          'processing',
          'deliveryFailed',
          'paymentFailed',
          'pending',
          'returnToCaller',
        ],
        onSuccess: async (_payment, ctx) => {
          const order = orderSchema.parse(ctx.state.order);
          const delivery = await deliver(client, order, ctx.msisdn);
          ctx.state.outcome = delivery.status;
          if (delivery.status === 'delivered') ctx.state.reference = delivery.reference;
          if (delivery.status === 'failed') ctx.state.failure = delivery.error;
          if (fromRedirect(ctx)) return ctx.go('returnToCaller');
          if (delivery.status === 'delivered') return ctx.go('receipt');
          return ctx.go(delivery.status === 'processing' ? 'processing' : 'deliveryFailed');
        },
        onFailure: ({ cause }, ctx) => {
          ctx.state.outcome = 'paymentFailed';
          ctx.state.failure = causes[cause];
          return ctx.go(fromRedirect(ctx) ? 'returnToCaller' : 'paymentFailed');
        },
        onUnknown: ({ operationId }, ctx) => {
          // The bank answers later, in the merchant payment callback (see createCallbackRoute).
          pending.set(operationId, { ...orderSchema.parse(ctx.state.order), msisdn: ctx.msisdn });
          ctx.state.outcome = 'pending';
          return ctx.go(fromRedirect(ctx) ? 'returnToCaller' : 'pending');
        },
      }),
      receipt: info({
        text: (ctx) =>
          `Paid NGN ${ctx.state.order?.amount}. ${ctx.state.order?.label} sent to ${ctx.msisdn}. Ref ${ctx.state.reference}`,
      }),
      processing: info({ text: 'Payment received. Your top-up is on its way.' }),
      deliveryFailed: info({
        text: (ctx) => `We could not deliver (${ctx.state.failure}). You will be refunded.`,
      }),
      paymentFailed: info({ text: (ctx) => `Payment failed: ${ctx.state.failure}.` }),
      pending: info({
        text: 'Your bank has not confirmed the payment yet. We will send your receipt when it does.',
      }),
      // A pushed InfoView would end the session before the phone shows it: ask for an OK.
      pushedReceipt: chooser({
        title: (ctx) =>
          receiptText(
            receiptSchema.parse({
              ...ctx.state.order,
              outcome: ctx.state.outcome,
              reference: ctx.state.reference,
            }),
          ),
        navigation: false,
        items: [{ label: 'OK', next: 'thanks' }],
      }),
      thanks: info({ text: 'Thank you for shopping with Airtime Shop.' }),
      help: info({ text: 'Buy airtime or data for this phone and pay from your bank account.' }),
      returnToCaller: returnFromRedirect({
        resultParams: (ctx) => ({
          status: ctx.state.outcome ?? 'cancelled',
          amount: String(ctx.state.order?.amount ?? 0),
          ...(ctx.state.reference === undefined ? {} : { reference: ctx.state.reference }),
          ...(ctx.state.failure === undefined ? {} : { reason: ctx.state.failure }),
        }),
      }),
    }),
  });
}

/** The shop's compiled app. */
export type ShopApp = ReturnType<typeof createShopApp>;
