// Long texts in pages: a computed info and a computed prompt longer than one screen.
import { createApp } from '@ussdkit/router';
import { z } from 'zod';

/** Stands for a call to your order history. */
async function purchasesOf(msisdn: string): Promise<string[]> {
  return Array.from({ length: 12 }, (_, i) => `${i + 1} May: NGN ${(i + 1) * 100} to ${msisdn}`);
}

export const app = createApp({
  state: z.object({ amount: z.number().optional() }),
  start: 'menu',
  screens: ({ chooser, input, info }) => ({
    menu: chooser({
      title: 'Airtime Shop',
      items: [
        { label: 'My purchases', next: 'purchases' },
        { label: 'Top up', next: 'amount' },
      ],
    }),
    // About 500 characters: shown in pages ending "98. More"; the last page ends the session.
    purchases: info({ text: async (ctx) => `${(await purchasesOf(ctx.msisdn)).join('; ')}.` }),
    amount: input({
      // Over one screen too: 98 turns the page, 0 goes back one, and an answer typed on any
      // page is taken as the answer.
      text: (ctx) =>
        `Top-ups to ${ctx.msisdn} arrive within a minute. You pay from your bank account. ` +
        'Amounts from NGN 50 to NGN 20000, whole naira only. Refunds go back to the same ' +
        'account within a day. Amount in NGN?',
      validate: z.coerce.number().int().min(50).max(20_000),
      targets: ['done'],
      next: (amount, ctx) => {
        ctx.state.amount = amount;
        return ctx.go('done');
      },
    }),
    done: info({ text: (ctx) => `NGN ${ctx.state.amount} is on its way.` }),
  }),
});
