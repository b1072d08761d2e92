import type { UssdkitClient } from '@ussdkit/client';
import type { MerchantPaymentFailureCause } from '@ussdkit/protocol';
import { type Context, createApp } from '@ussdkit/router';
import { z } from 'zod';
import { dataBundles } from './dataBundles';
import { deliver } from './deliver';
import { orderSchema, type PendingOrder } from './Order';
import { receiptSchema, receiptText } from './Receipt';
import { englishMessages, type Language, languages, pidginMessages, t } from './texts';

/** What the flow needs: the service client, the merchant code, the pending payments. */
export interface ShopAppOptions {
  readonly client: UssdkitClient;
  /** The merchant code customers pay. */
  readonly merchantCode: string;
  /** The token the gateway must send as `Authorization`. */
  readonly authToken: string;
  /** Payments waiting for their callback (see `pendingOrders()`). */
  readonly pending: Map<string, PendingOrder>;
  /**
   * The language each customer chose, by msisdn (see `languagePreferences()`): a new session
   * starts in it.
   * @defaultValue none kept: every session starts in English
   */
  readonly preferences?: Map<string, Language> | undefined;
}

const failureCauses = [
  'AuthenticationFailed',
  'InsufficientBalance',
  'InvalidMerchant',
  'NoAccounts',
  'SwitchUnavailable',
  'Other',
] as const satisfies readonly MerchantPaymentFailureCause[];

const state = z.object({
  order: orderSchema.optional(),
  outcome: z.enum(['delivered', 'processing', 'failed', 'paymentFailed', 'pending']).optional(),
  reference: z.string().optional(),
  /** Why delivery or payment failed, in English: shown after a failed delivery, and returned to a redirecting app. */
  failure: z.string().optional(),
  /** A payment failure's cause, shown in the customer's language. */
  cause: z.enum(failureCauses).optional(),
});
type ShopState = z.output<typeof state>;

/** A cause the shop has a text for; one added upstream later reads as `Other`. */
const knownCause = (cause: MerchantPaymentFailureCause): (typeof failureCauses)[number] =>
  failureCauses.find((known) => known === cause) ?? 'Other';

/** A session started by another app's redirect returns to it instead of ending. */
const fromRedirect = (ctx: Context<ShopState>): boolean => ctx.start.type === 'Redirect';

/**
 * The airtime shop's flow: a main menu (back and home on every screen), an airtime amount input
 * validated with zod, a paginated list of data bundles from the client's product groups, a bank
 * payment with every result handled, delivery with `buy()`, and a pushed receipt when a payment
 * settles later. Other apps can redirect to it (`process.id` `buy-airtime`) and get the result.
 * It speaks English and Pidgin: texts from `src/texts/*.json`, the customer's choice (menu item
 * Language) kept for the next dial, and a help text too long for one screen shown in pages. A
 * session that drops on a screen waiting for an answer is offered back on the next dial (`resume`).
 *
 * @example
 * ```ts
 * const app = createShopApp({ client, merchantCode: 'SHOP-01', authToken: 'demo-token', pending: pendingOrders() });
 * ```
 */
export function createShopApp(options: ShopAppOptions) {
  const { client, pending, preferences } = options;
  return createApp({
    state,
    languages,
    // A returning customer's session starts in the language they chose last time.
    language: (event) => preferences?.get(event.msisdn),
    messages: { en: englishMessages, pcm: pidginMessages },
    start: 'menu',
    // A customer whose session drops (the network, the 120 s limit) on a screen waiting for an
    // answer is asked "Continue where you left off?" when dialling again within five minutes.
    resume: { withinMs: 5 * 60_000 },
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
        title: t('menu.title'),
        items: [
          { label: t('menu.airtime'), next: 'airtime' },
          { label: t('menu.data'), next: 'data' },
          { label: t('menu.help'), next: 'help' },
          { label: t('menu.language'), next: 'language' },
        ],
      }),
      language: chooser({
        title: t('language.title'),
        items: [
          { label: 'English', value: 'en' as const },
          { label: 'Pidgin', value: 'pcm' as const },
        ],
        targets: ['menu'],
        next: (item, ctx) => {
          const language = item.value ?? 'en';
          ctx.setLanguage(language); // the menu it goes back to is in it already
          preferences?.set(ctx.msisdn, language);
          return ctx.go('menu');
        },
      }),
      airtime: input({
        text: t('airtime.prompt'),
        // The messages are the router's, per language (`messages` above): a schema's own
        // message would be the same in every language.
        validate: z.coerce.number().int().min(50).max(20_000),
        targets: ['confirm'],
        next: (amount, ctx) => {
          ctx.state.order = { sku: 'airtime', label: `NGN ${amount} airtime`, amount };
          return ctx.go('confirm');
        },
      }),
      data: chooser({
        title: t('data.title'),
        // Stops the service call when the event passes its deadline (the customer is answered).
        items: (ctx) => dataBundles(client, ctx.signal),
        targets: ['confirm'],
        next: (item, ctx) => {
          ctx.state.order = item.value;
          return ctx.go('confirm');
        },
      }),
      confirm: chooser({
        title: (ctx) =>
          t('confirm.title', {
            label: ctx.state.order?.label ?? '',
            msisdn: ctx.msisdn,
            amount: ctx.state.order?.amount ?? 0,
          }),
        items: [{ label: t('confirm.pay'), next: 'pay' }],
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
          ctx.state.cause = knownCause(cause);
          ctx.state.failure = t(`causes.${ctx.state.cause}`).en;
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
          t('receipt', {
            amount: ctx.state.order?.amount ?? 0,
            label: ctx.state.order?.label ?? '',
            msisdn: ctx.msisdn,
            reference: ctx.state.reference ?? '-',
          }),
      }),
      processing: info({ text: t('processing') }),
      deliveryFailed: info({
        text: (ctx) => t('deliveryFailed', { failure: ctx.state.failure ?? '' }),
      }),
      paymentFailed: info({
        text: (ctx) => {
          const { cause } = ctx.state;
          const failure = cause === undefined ? '' : t(`causes.${cause}`)[ctx.language];
          return t('paymentFailed', { failure });
        },
      }),
      pending: info({ text: t('pending') }),
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
      thanks: info({ text: t('thanks') }),
      // Longer than one screen: the router shows it in pages (98 for more, 0 for back).
      help: info({ text: (ctx) => t('help', { msisdn: ctx.msisdn }) }),
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
