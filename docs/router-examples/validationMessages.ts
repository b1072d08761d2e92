// Validation messages: the router's own texts, reworded (or translated) in `messages`.
import { createApp } from '@ussdkit/router';
import { z } from 'zod';

export const app = createApp({
  state: z.object({ amount: z.number().optional() }),
  start: 'amount',
  messages: {
    notANumber: 'Digits only, like 500.',
    tooSmall: 'The least you can send is NGN {min}.',
  },
  screens: ({ input, info }) => ({
    amount: input({
      text: 'Amount in NGN?',
      // `abc` shows "Digits only, like 500.", `20` shows "The least you can send is NGN 50.",
      // `5000000` shows the schema's own message.
      validate: z.coerce.number().min(50).max(100_000, 'At most NGN 100000 a day'),
      targets: ['done'],
      next: (amount, ctx) => {
        ctx.state.amount = amount;
        return ctx.go('done');
      },
    }),
    done: info({ text: (ctx) => `Sending NGN ${ctx.state.amount}.` }),
  }),
});
