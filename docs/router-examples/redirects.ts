// Redirects: hand the session to another app and come back; be redirected to.
import { createApp } from '@ussdkit/router';
import { z } from 'zod';

/** The calling app: sends the customer to the bills app and reads its result. */
export const shop = createApp({
  state: z.object({ receipt: z.string().optional() }),
  start: 'menu',
  screens: ({ chooser, redirect, info }) => ({
    menu: chooser({ title: 'Shop', items: [{ label: 'Pay a bill', next: 'bills' }] }),
    bills: redirect({
      destinationAppId: 'bills-app',
      process: { id: 'pay-electricity', params: { meter: '0412' } },
      targets: ['receipt'],
      onReturn: (resultParams, ctx) => {
        ctx.state.receipt = resultParams.receipt;
        return ctx.go('receipt');
      },
    }),
    receipt: info({ text: (ctx) => `Bill paid, receipt ${ctx.state.receipt}.` }),
  }),
});

/** The destination app: routes on process.id with typed params, then returns. */
export const bills = createApp({
  state: z.object({ meter: z.string().optional() }),
  start: 'home',
  entry: {
    redirect: {
      'pay-electricity': {
        params: z.object({ meter: z.string() }),
        screen: 'done',
        onStart: (params, ctx) => {
          ctx.state.meter = params.meter; // params: { meter: string }
        },
      },
    },
  },
  screens: ({ info, returnFromRedirect }) => ({
    home: info({ text: 'Bills: dial *384*1# and choose Pay a bill.' }),
    done: returnFromRedirect({
      resultParams: (ctx) => ({ receipt: `R-${ctx.state.meter}`, status: 'paid' }),
    }),
  }),
});
