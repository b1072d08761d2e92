// The app the flow map's browser test serves with runDev: a menu, an amount, a receipt, help, and
// a screen behind a handler (an arrow from `targets`).
import { createApp } from '@ussdkit/router';
import { z } from 'zod';

export const app = createApp({
  state: z.object({ amount: z.number().optional() }),
  start: 'menu',
  authToken: 'demo-token',
  screens: ({ chooser, input, info }) => ({
    menu: chooser({
      title: 'Flow shop',
      items: [
        { label: 'Buy airtime', next: 'amount' },
        { label: 'Help', next: 'help' },
      ],
    }),
    amount: input({
      text: 'Amount in NGN?',
      validate: z.coerce.number().int().min(50, 'The minimum is NGN 50'),
      targets: ['thanks', 'large'],
      next: (amount, ctx) => {
        ctx.state.amount = amount;
        return ctx.go(amount > 10_000 ? 'large' : 'thanks');
      },
    }),
    thanks: info({ text: (ctx) => `Thank you! NGN ${ctx.state.amount} is on its way.` }),
    large: info({ text: 'Large amounts: call us.' }),
    help: info({ text: 'Dial again and choose 1.' }),
  }),
});
