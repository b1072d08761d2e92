// packages/africastalking/test/examples/app.ts: the app the Africa's Talking examples serve
import { createApp } from '@ussdkit/router';
import { z } from 'zod';

export const app = createApp({
  state: z.object({ amount: z.number().optional() }),
  start: 'menu',
  screens: ({ chooser, input, info }) => ({
    menu: chooser({
      title: 'Airtime Shop',
      items: [
        { label: 'Buy airtime', next: 'amount' },
        { label: 'Help', next: 'help' },
      ],
    }),
    amount: input({
      text: 'Amount (KES)?',
      validate: z.coerce.number().int().min(10, 'The minimum is KES 10'),
      targets: ['thanks'],
      next: (amount, ctx) => {
        ctx.state.amount = amount;
        return ctx.go('thanks');
      },
    }),
    thanks: info({ text: (ctx) => `KES ${ctx.state.amount} of airtime is on its way.` }),
    help: info({ text: 'Call 0800 000 000 for help.' }),
  }),
});
