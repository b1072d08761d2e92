// Input validation: a zod schema or a function, secret inputs, an attempt limit.
import { createApp } from '@ussdkit/router';
import { z } from 'zod';

export const app = createApp({
  state: z.object({ phone: z.string().optional(), amount: z.number().optional() }),
  start: 'phone',
  screens: ({ input, info }) => ({
    phone: input({
      text: 'Phone number to top up?',
      // A function returns the error message, or undefined when the value is fine.
      validate: (value) => (/^0\d{10}$/.test(value) ? undefined : 'Enter 11 digits, like 0803…'),
      targets: ['amount'],
      next: (phone, ctx) => {
        ctx.state.phone = phone;
        return ctx.go('amount');
      },
    }),
    amount: input({
      text: 'Amount in NGN?',
      // `abc` shows the router's "Please enter a number."; 20 shows the schema's own message.
      validate: z.coerce.number().int().min(50, 'The minimum is NGN 50'),
      targets: ['pin'],
      next: (amount, ctx) => {
        ctx.state.amount = amount;
        return ctx.go('pin');
      },
    }),
    pin: input({
      text: 'Your 4-digit PIN',
      secret: true, // never written to onEvent
      validate: z.string().regex(/^\d{4}$/, 'Four digits please'),
      maxAttempts: 3,
      onTooManyAttempts: 'locked',
      next: 'done',
    }),
    done: info({ text: (ctx) => `NGN ${ctx.state.amount} sent to ${ctx.state.phone}.` }),
    locked: info({ text: 'Too many wrong PINs. Try again later.' }),
  }),
});
