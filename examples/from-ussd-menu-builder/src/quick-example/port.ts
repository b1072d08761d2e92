// examples/from-ussd-menu-builder/src/quick-example/port.ts: the README's Quick Example on ussdkit
import { createApp } from '@ussdkit/router';
import { z } from 'zod';
import type { Services } from '../services';

export function quickExampleApp(services: Services) {
  return createApp({
    state: z.object({}),
    start: 'start',
    // ussd-menu-builder has no back or home keys; keep them off to behave the same.
    navigation: false,
    screens: ({ chooser, input, info }) => ({
      // startState + menu.con + next: a chooser; its keys are its items' positions.
      start: chooser({
        title: 'Welcome. Choose option:',
        items: [
          { label: 'Show Balance', next: 'showBalance' },
          { label: 'Buy Airtime', next: 'buyAirtime' },
        ],
      }),
      // menu.end: an info screen, its text computed when shown.
      showBalance: info({
        text: async (ctx) => `Your balance is KES ${await services.fetchBalance(ctx.msisdn)}`,
      }),
      // A '*\\d+' rule in `next`: the input's validation (the same unanchored test).
      buyAirtime: input({
        text: 'Enter amount:',
        validate: z.string().regex(/\d+/, 'Enter the amount in digits.'),
        targets: ['bought'],
        next: async (value, ctx) => {
          await services.buyAirtime(ctx.msisdn, Number(value));
          return ctx.go('bought');
        },
      }),
      bought: info({ text: 'Airtime bought successfully.' }),
    }),
  });
}
