// Async texts: a title and a session tag looked up when the screen is shown.
import { createApp } from '@ussdkit/router';
import { z } from 'zod';

/** Stands for a call to your ledger. */
async function balanceOf(msisdn: string): Promise<number> {
  return msisdn.endsWith('0') ? 2500 : 0;
}

export const app = createApp({
  state: z.object({ name: z.string().default('there') }),
  start: 'menu',
  screens: ({ chooser, info }) => ({
    menu: chooser({
      // Awaited before the screen is sent, within deadlineMs like a handler.
      title: async (ctx) => `Hi ${ctx.state.name}, you have NGN ${await balanceOf(ctx.msisdn)}`,
      sessionTag: async (ctx) => ((await balanceOf(ctx.msisdn)) > 0 ? 'funded' : 'empty'),
      items: [
        { label: 'Buy airtime', next: 'airtime' },
        { label: 'Help', next: 'help' },
      ],
    }),
    airtime: info({ text: async (ctx) => `NGN ${await balanceOf(ctx.msisdn)} can buy airtime.` }),
    help: info({ text: 'Call 0800 000 0000 for help.' }),
  }),
});
