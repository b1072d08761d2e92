// Screens declared outside createApp (e.g. one file per feature), typed with the same state.
import { createApp, screenFactories } from '@ussdkit/router';
import { z } from 'zod';

const state = z.object({ amount: z.number().optional() });
type State = z.output<typeof state>;

// In another file: factories typed with the app's state.
const { input, info } = screenFactories<State>();

export const airtimeScreens = {
  amount: input({
    text: 'Amount?',
    validate: z.coerce.number().positive(),
    targets: ['sent'],
    next: (amount, ctx) => {
      ctx.state.amount = amount;
      return ctx.go('sent');
    },
  }),
  sent: info({ text: (ctx) => `Sent ${ctx.state.amount} NGN` }),
};

export const app = createApp({
  state,
  start: 'menu',
  screens: ({ chooser }) => ({
    menu: chooser({ title: 'Menu', items: [{ label: 'Airtime', next: 'amount' }] }),
    ...airtimeScreens,
  }),
});
