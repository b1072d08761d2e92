// examples/from-ussd-menu-builder/src/banking/port.ts: the banking app on ussdkit
import { createApp } from '@ussdkit/router';
import { z } from 'zod';
import type { Services } from '../services';

/** The start menu's keys; any other goes to `invalidOption`, as `defaultNext` did. */
const options = { '1': 'loadAccount', '2': 'catalogue', '3': 'balance' } as const;
const isOption = (key: string): key is keyof typeof options => Object.hasOwn(options, key);

export function bankingApp(services: Services) {
  return createApp({
    state: z.object({ amount: z.number().optional(), balance: z.number().optional() }),
    start: 'start',
    navigation: false,
    screens: ({ input, info }) => ({
      // A chooser re-asks a key that is none of its items. This menu sends unknown keys to a
      // screen of its own (`defaultNext`), so it is an input whose handler routes by key.
      start: input({
        text: 'Choose Option\n1. Load Account\n2. View Catalogue\n3. Check Balance',
        targets: ['loadAccount', 'catalogue', 'balance', 'invalidOption'],
        next: (key, ctx) => ctx.go(isOption(key) ? options[key] : 'invalidOption'),
      }),
      loadAccount: input({
        text: 'Enter amount to load:',
        validate: z.string().regex(/^\d+$/, 'Enter the amount in digits.').transform(Number),
        targets: ['loaded'],
        next: async (amount, ctx) => {
          ctx.state.amount = amount;
          ctx.state.balance = await services.deposit(ctx.msisdn, amount);
          return ctx.go('loaded');
        },
      }),
      // Handlers keep what later screens show in the typed state, not in `menu.session`.
      loaded: info({
        text: (ctx) => `Loaded KES ${ctx.state.amount}. New balance: KES ${ctx.state.balance}`,
      }),
      catalogue: info({ text: 'Savings: 3% a year\nFixed deposit: 7% a year' }),
      balance: input({
        text: 'Enter your PIN:',
        secret: true,
        validate: z.string().regex(/^\d{4}$/, 'Your PIN has 4 digits.'),
        targets: ['showBalance', 'wrongPin'],
        next: async (pin, ctx) =>
          ctx.go((await services.checkPin(ctx.msisdn, pin)) ? 'showBalance' : 'wrongPin'),
      }),
      showBalance: info({
        text: async (ctx) => `Your balance is KES ${await services.fetchBalance(ctx.msisdn)}`,
      }),
      wrongPin: info({ text: 'Wrong PIN.' }),
      invalidOption: info({ text: 'Invalid option.' }),
    }),
  });
}
