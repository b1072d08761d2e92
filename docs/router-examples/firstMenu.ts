// A first menu: a chooser, an input with validation and a final screen.
import { createApp } from '@ussdkit/router';
import { z } from 'zod';

export const app = createApp({
  // The session state: typed in every handler, validated when loaded from the store.
  state: z.object({ amount: z.number().optional() }),
  start: 'menu',
  screens: ({ chooser, input, info }) => ({
    menu: chooser({
      title: 'Welcome to Airtime Shop',
      items: [
        { label: 'Buy airtime', next: 'amount' },
        { label: 'Help', next: 'help' },
      ],
    }),
    amount: input({
      text: 'Enter amount (NGN)',
      validate: z.coerce.number().int().min(50, 'Minimum is 50 NGN'),
      targets: ['thanks'],
      next: (amount, ctx) => {
        ctx.state.amount = amount; // amount: number, from the schema
        return ctx.go('thanks');
      },
    }),
    thanks: info({ text: (ctx) => `You will receive ${ctx.state.amount} NGN of airtime.` }),
    help: info({ text: 'Call 0800 000 0000 for help.' }),
  }),
});

// Mount it with @ussdkit/express or @ussdkit/hono, serve app.fetch on Workers, Bun or Deno,
// or give it an event directly:
export async function example(): Promise<unknown> {
  const answer = await app.dispatch({
    type: 'new',
    body: {
      clientId: 'demo-client',
      appId: 'demo-app',
      sessionId: 's-1',
      msisdn: '+2348030000000',
      operator: 'mtn',
      input: { type: 'Dial', shortcodeString: '*384*1#' },
    },
  });
  // { action: { type: 'ShowView', view: { type: 'ChooserView', ... } }, contextData: 'h1' }
  return answer.status === 200 ? answer.command : answer;
}
