// Input validation: a zod schema or a function, secret inputs, an attempt limit.
import { createApp } from '@ussdkit/router';
import { z } from 'zod';

export const app = createApp({
  state: z.object({ phone: z.string().optional() }),
  start: 'phone',
  screens: ({ input, info }) => ({
    phone: input({
      text: 'Phone number to top up?',
      // A function returns the error message, or undefined when the value is fine.
      validate: (value) => (/^0\d{10}$/.test(value) ? undefined : 'Enter 11 digits, like 0803…'),
      targets: ['pin'],
      next: (phone, ctx) => {
        ctx.state.phone = phone;
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
    done: info({ text: (ctx) => `Top-up sent to ${ctx.state.phone}.` }),
    locked: info({ text: 'Too many wrong PINs. Try again later.' }),
  }),
});
