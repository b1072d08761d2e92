import { createApp, type SessionStore } from '@ussdkit/router';
import { z } from 'zod';

/**
 * The 4-screen flow of the benchmarks, in both frameworks: the dial opens a chooser
 * ("1. Buy airtime", "2. Help"), "1" opens an input validated as an integer >= 50, "500" shows the
 * closing info screen. Three events a session; our app also gets the gateway's `close` event.
 */
export function ussdkitFlow(store?: SessionStore) {
  return createApp({
    state: z.object({ amount: z.number().optional() }),
    start: 'menu',
    ...(store === undefined ? {} : { store }),
    screens: ({ chooser, input, info }) => ({
      menu: chooser({
        title: 'Welcome to Airtime Shop',
        items: [
          { label: 'Buy airtime', next: 'amount' },
          { label: 'Help', next: 'help' },
        ],
      }),
      amount: input({
        text: 'Enter amount (NGN)',
        validate: z.coerce.number().int().min(50, 'Minimum is 50 NGN'),
        targets: ['thanks'],
        next: (amount, ctx) => {
          ctx.state.amount = amount;
          return ctx.go('thanks');
        },
      }),
      thanks: info({ text: (ctx) => `You will receive ${ctx.state.amount} NGN of airtime.` }),
      help: info({ text: 'Call 0800 000 0000 for help.' }),
    }),
  });
}
