// examples/airtime-shop/test/guide/firstApp.ts: a first USSD app (docs/getting-started.md)
import { createApp } from '@ussdkit/router';
import { z } from 'zod';

export const app = createApp({
  // What the session remembers: typed in every handler.
  state: z.object({ amount: z.number().optional() }),
  start: 'menu',
  // The gateway sends the app's token as the Authorization header. This is the sandbox demo's;
  // in production, pass your app's token from your configuration instead of writing it here.
  authToken: 'demo-token',
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
      validate: z.coerce.number().int().min(50, 'The minimum is NGN 50'),
      targets: ['thanks'],
      next: (amount, ctx) => {
        ctx.state.amount = amount;
        return ctx.go('thanks');
      },
    }),
    thanks: info({ text: (ctx) => `Thank you! NGN ${ctx.state.amount} of airtime is on its way.` }),
    help: info({ text: 'Call 0800 000 0000 for help.' }),
  }),
});
