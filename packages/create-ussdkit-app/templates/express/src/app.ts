// The USSD flow: screens are values, and a `next` that names no screen does not compile.
// Every screen and option: docs/router.md of ussdkit.
import { createApp, type SessionStore } from '@ussdkit/router';
import { z } from 'zod';

/** What the app needs from where it runs. */
export interface UssdAppOptions {
  /** The token the USSD gateway sends as the Authorization header (your app's token). */
  readonly authToken: string;
  /** Where sessions are kept. Default: in memory, which suits one instance of the app. */
  readonly store?: SessionStore;
}

/** The app: a menu, an amount checked with zod, and a receipt. */
export function createUssdApp(options: UssdAppOptions) {
  return createApp({
    // What the session remembers: typed in every handler.
    state: z.object({ amount: z.number().optional() }),
    start: 'menu',
    authToken: options.authToken,
    ...(options.store === undefined ? {} : { store: options.store }),
    screens: ({ chooser, input, info }) => ({
      menu: chooser({
        title: 'My Shop',
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
        targets: ['thanks'],
        next: (amount, ctx) => {
          ctx.state.amount = amount;
          return ctx.go('thanks');
        },
      }),
      thanks: info({
        text: (ctx) => `Thank you! NGN ${ctx.state.amount} of airtime is on its way.`,
      }),
      help: info({ text: 'Dial again and choose 1 to buy airtime.' }),
    }),
  });
}
