import type { CloseReason } from '@ussdkit/protocol';
import { createApp, type SessionStore } from '@ussdkit/router';
import { z } from 'zod';

/**
 * The app of the reference example sessions (docs/reference/gateways.md): a menu, an amount,
 * the purchase; `currency` as the provider's example writes it (`'GHS '`, `'TZS '`, `''`).
 */
export function exampleApp(
  currency: string,
  hooks: {
    readonly onClose?: (info: { sessionId: string; reason: CloseReason }) => void;
    readonly store?: SessionStore;
  } = {},
) {
  return createApp({
    state: z.object({ amount: z.number().optional() }),
    start: 'menu',
    // A deep link (*713*4*1#) pre-selects "Buy airtime", as the reference's variant means.
    entry: { dial: { '1': 'amount' } },
    ...(hooks.onClose === undefined ? {} : { onClose: hooks.onClose }),
    ...(hooks.store === undefined ? {} : { store: hooks.store }),
    screens: ({ chooser, input, info }) => ({
      menu: chooser({
        title: 'Welcome',
        items: [
          { label: 'Buy airtime', next: 'amount' },
          { label: 'My balance', next: 'balance' },
        ],
      }),
      amount: input({
        text: 'Enter amount',
        validate: z.coerce.number().positive('Enter an amount above zero'),
        targets: ['bought'],
        next: (amount, ctx) => {
          ctx.state.amount = amount;
          return ctx.go('bought');
        },
      }),
      bought: info({ text: (ctx) => `You bought ${currency}${ctx.state.amount} of airtime.` }),
      balance: info({ text: `Your balance is ${currency}20.` }),
    }),
  });
}
