// The app `dev.test.ts` serves with `ussdkit-sandbox dev`, from a copy it then edits.
import { createApp } from '@ussdkit/router';
import { z } from 'zod';

export const app = createApp({
  state: z.object({}),
  start: 'amount',
  screens: ({ input, info }) => ({
    amount: input({
      text: 'Dev shop v1: amount?',
      validate: z.string().regex(/^\d+$/, 'Digits please'),
      targets: ['thanks'],
      next: (amount, ctx) => {
        if (amount === '13') throw new Error('unlucky amount 13');
        return ctx.go('thanks');
      },
    }),
    thanks: info({ text: 'Thanks' }),
  }),
});
