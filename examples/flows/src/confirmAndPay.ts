import { type Awaitable, defineFlow } from '@ussdkit/router';
import { z } from 'zod';

/** What the caller asks `confirmAndPay` to pay. */
export const paymentParams = z.object({
  /** Naira. */
  amount: z.number().positive(),
  /** Who is paid, as the customer knows them: `Ada Obi`, `card 1234567890`. */
  recipient: z.string().min(1),
  /** What is paid for: `DStv Compact`. */
  description: z.string().min(1),
  /**
   * What the payment service needs to know about the order, as plain JSON data (it is kept in
   * the session): the service checks it with its own schema.
   */
  order: z.unknown(),
});

/** What `confirmAndPay` returns to its caller. */
export const paymentOutcome = z.discriminatedUnion('paid', [
  z.object({ paid: z.literal(true), reference: z.string() }),
  z.object({
    paid: z.literal(false),
    /** `cancelled`, `wrongPin`, `pending` (the result is not known yet), or the service's code. */
    reason: z.string(),
  }),
]);

/**
 * A payment as the service receives it: the params and the customer's number.
 *
 * @example
 * ```ts
 * const payment: Payment = { amount: 500, recipient: 'Ada', description: 'Airtime', order: null, msisdn: '+2348030000000' };
 * ```
 */
export type Payment = z.output<typeof paymentParams> & { readonly msisdn: string };

/**
 * The outcome of `confirmAndPay`: `{ paid: true, reference }` or `{ paid: false, reason }`.
 *
 * @example
 * ```ts
 * const outcome: PaymentOutcome = { paid: false, reason: 'cancelled' };
 * ```
 */
export type PaymentOutcome = z.output<typeof paymentOutcome>;

/**
 * How `confirmAndPay` checks the PIN and pays: each app passes its own.
 *
 * @example
 * ```ts
 * const service: PaymentService = { checkPin: (_msisdn, pin) => pin === '1234', pay: async () => ({ paid: true, reference: 'R1' }) };
 * ```
 */
export interface PaymentService {
  /** Whether `pin` is the customer's PIN. */
  checkPin(msisdn: string, pin: string): Awaitable<boolean>;
  /** Pays; a refusal is an outcome (`{ paid: false, reason }`), not an error. */
  pay(payment: Payment): Promise<PaymentOutcome>;
}

/** Wrong PINs before the flow gives up with `wrongPin`. */
export const PIN_TRIES = 3;

/**
 * The "confirm and pay" flow: shows the amount, the recipient and what is paid for; on Confirm
 * asks for the PIN (a secret input, `PIN_TRIES` tries), pays through `service`, and returns
 * `{ paid: true, reference }`, or `{ paid: false, reason }` (`cancelled`, `wrongPin`, …).
 *
 * @example
 * ```ts
 * createApp({ state, start: 'menu', flows: { pay: confirmAndPay(service) }, screens })
 * ```
 */
export function confirmAndPay(service: PaymentService) {
  return defineFlow({
    state: paymentParams.extend({ tries: z.number() }),
    params: paymentParams,
    result: paymentOutcome,
    initialState: (params) => ({ ...params, tries: 0 }),
    start: 'confirm',
    screens: ({ chooser, input }, { finish }) => ({
      confirm: chooser({
        title: (ctx) =>
          `Pay NGN ${ctx.state.amount} to ${ctx.state.recipient} for ${ctx.state.description}?`,
        items: [
          { label: 'Confirm', next: 'pin' },
          { label: 'Cancel', value: 'cancel' },
        ],
        targets: ['pin', '@return'],
        next: () => finish({ paid: false, reason: 'cancelled' }),
      }),
      pin: input({
        text: (ctx) =>
          ctx.state.tries === 0
            ? 'Enter your 4-digit PIN'
            : `Wrong PIN, ${PIN_TRIES - ctx.state.tries} left. Enter your 4-digit PIN`,
        secret: true,
        validate: z.string().regex(/^\d{4}$/, 'A PIN has 4 digits'),
        targets: ['pin', '@return'],
        next: async (pin, ctx) => {
          const { tries, ...payment } = ctx.state;
          if (!(await service.checkPin(ctx.msisdn, pin))) {
            ctx.state.tries = tries + 1;
            if (ctx.state.tries >= PIN_TRIES) return finish({ paid: false, reason: 'wrongPin' });
            return ctx.go('pin');
          }
          return finish(await service.pay({ ...payment, msisdn: ctx.msisdn }));
        },
      }),
    }),
  });
}
