// Entry points: dial segments, push with typed contextData.
import { createApp } from '@ussdkit/router';
import { z } from 'zod';

export const app = createApp({
  state: z.object({ orderId: z.string().optional() }),
  start: 'menu',
  entry: {
    // *384*1*5# opens "airtime" directly; *384*1*6*1# opens "help".
    dial: { '5': 'airtime', '6*1': 'help' },
    push: {
      // The push request's contextData, parsed as JSON when it is JSON, checked by the schema.
      data: z.object({ orderId: z.string() }),
      screen: 'confirm',
      onStart: (data, ctx) => {
        ctx.state.orderId = data.orderId;
      },
    },
  },
  screens: ({ chooser, info }) => ({
    menu: chooser({
      title: 'Menu',
      items: [
        { label: 'Airtime', next: 'airtime' },
        { label: 'Help', next: 'help' },
      ],
    }),
    airtime: info({ text: (ctx) => `Airtime (you came by ${ctx.start.type})` }),
    help: info({ text: 'Help line: 0800 000 0000' }),
    confirm: info({ text: (ctx) => `Order ${ctx.state.orderId} is ready.` }),
  }),
});
