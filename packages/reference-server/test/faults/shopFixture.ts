import { contextDataStore, createApp, type SessionStore } from '@ussdkit/router';
import { Hono } from 'hono';
import { z } from 'zod';
import { serveHono } from '../helpers/serveHono';

/** What the shop did, for the tests to check: every payment, every end, every error. */
export interface ShopLog {
  readonly paid: number[];
  readonly closed: string[];
  readonly aborted: string[];
  readonly errors: string[];
}

/** A running fixture shop: its URL for the sandbox, and its log. */
export interface ShopFixture {
  readonly url: string;
  readonly log: ShopLog;
  close(): Promise<void>;
}

/**
 * A small router shop whose confirmation pays (so an event handled twice would pay twice),
 * served over HTTP at `<base>/ussd` on a free loopback port: menu, amount, confirm, receipt. It
 * logs payments, closes, aborts and errors instead of printing them.
 */
export async function startShop(options: { store?: 'memory' | 'contextData' } = {}) {
  const log: ShopLog = { paid: [], closed: [], aborted: [], errors: [] };
  const store: SessionStore | undefined =
    options.store === 'contextData'
      ? contextDataStore({ secret: 'a fixture secret of at least 32 characters' })
      : undefined;
  const shop = createApp({
    state: z.object({ amount: z.number().optional() }),
    start: 'menu',
    ...(store === undefined ? {} : { store }),
    onClose: ({ reason }) => void log.closed.push(reason.type),
    onAbort: ({ reason }) => void log.aborted.push(reason.type),
    onError: (error) =>
      void log.errors.push(error instanceof Error ? error.message : String(error)),
    screens: ({ chooser, input, info }) => ({
      menu: chooser({ title: 'Shop', items: [{ label: 'Buy airtime', next: 'amount' }] }),
      amount: input({
        text: 'Amount in NGN?',
        validate: z.coerce.number().int().min(50, 'At least 50'),
        targets: ['confirm'],
        next: (amount, ctx) => {
          ctx.state.amount = amount;
          return ctx.go('confirm');
        },
      }),
      confirm: input({
        text: (ctx) => `Pay NGN ${ctx.state.amount}? 1 to pay`,
        validate: z.literal('1', 'Send 1 to pay'),
        targets: ['receipt'],
        next: (_value, ctx) => {
          log.paid.push(ctx.state.amount ?? 0);
          return ctx.go('receipt');
        },
      }),
      receipt: info({ text: (ctx) => `Paid NGN ${ctx.state.amount}. Thank you!` }),
    }),
  });
  const app = new Hono();
  app.post('/ussd/*', async (c) => {
    const { status, body } = await shop.handle({
      path: c.req.path.slice('/ussd'.length),
      headers: Object.fromEntries(c.req.raw.headers),
      body: await c.req.text(),
    });
    return body === undefined ? new Response(null, { status }) : Response.json(body, { status });
  });
  const served = await serveHono(app);
  return { url: `${served.base}/ussd`, log, close: () => served.close() } satisfies ShopFixture;
}
