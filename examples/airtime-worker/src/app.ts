import { createApp, type SessionStore } from '@ussdkit/router';
import { z } from 'zod';

const state = z.object({
  amount: z.number().optional(),
  reference: z.string().optional(),
});

/**
 * The airtime flow: a menu, an amount checked against the shop's limits, a confirmation and a
 * receipt. It takes its store and token as arguments: on Workers both come from `env`, which the
 * Worker only has inside `fetch`.
 *
 * @example
 * ```ts
 * const app = createAirtimeApp({ store: durableObjectStore({ namespace: env.USSD_SESSIONS }), authToken });
 * ```
 */
export function createAirtimeApp(options: { store: SessionStore; authToken: string }) {
  return createApp({
    state,
    start: 'menu',
    store: options.store,
    authToken: options.authToken,
    // Under the gateway's 5 s, with room for the two calls to the session's Durable Object.
    deadlineMs: 3000,
    screens: ({ chooser, input, info }) => ({
      menu: chooser({
        title: 'Airtime on the edge',
        items: [
          { label: 'Buy airtime', next: 'amount' },
          { label: 'Help', next: 'help' },
        ],
      }),
      amount: input({
        text: 'Amount in NGN?',
        validate: z.coerce
          .number()
          .int('Whole naira only')
          .min(50, 'The minimum is NGN 50')
          .max(5000, 'The maximum is NGN 5000'),
        targets: ['confirm'],
        next: (amount, ctx) => {
          ctx.state.amount = amount;
          return ctx.go('confirm');
        },
      }),
      confirm: chooser({
        title: (ctx) => `Buy NGN ${ctx.state.amount} of airtime for ${ctx.msisdn}?`,
        items: [{ label: 'Confirm' }],
        targets: ['done'],
        next: (_item, ctx) => {
          // A real shop would call its payment service here (with fetch: it runs on Workers).
          ctx.state.reference = `AW-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
          return ctx.go('done');
        },
      }),
      done: info({
        text: (ctx) => `Order received: NGN ${ctx.state.amount}. Ref ${ctx.state.reference}`,
      }),
      help: info({ text: 'Dial again and choose 1 to buy airtime.' }),
    }),
  });
}
