// packages/gateways/test/examples/app.ts: the app the examples serve to five gateways
import { createApp } from '@ussdkit/router';
import { z } from 'zod';

export const app = createApp({
  state: z.object({ amount: z.number().optional() }),
  start: 'menu',
  // Nalo shows 120 characters: pages of menus fit it on every gateway.
  screenLimits: { gsm7: 120 },
  screens: ({ chooser, input, info }) => ({
    menu: chooser({
      title: 'Airtime Shop',
      items: [
        { label: 'Buy airtime', next: 'amount' },
        { label: 'Help', next: 'help' },
      ],
    }),
    amount: input({
      text: 'Amount (GHS)?',
      validate: z.coerce.number().int().min(1, 'The minimum is GHS 1'),
      targets: ['thanks'],
      next: (amount, ctx) => {
        ctx.state.amount = amount;
        return ctx.go('thanks');
      },
    }),
    thanks: info({ text: (ctx) => `GHS ${ctx.state.amount} of airtime is on its way.` }),
    help: info({ text: 'Call 0800 000 000 for help.' }),
  }),
});
