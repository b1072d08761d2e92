/**
 * One real `@ussdkit/router` app served two ways by one Hono server on loopback: natively at
 * `/ussd` (the four JSON events) and on Africa's Talking's protocol at `/at`, mounted with
 * `@ussdkit/africastalking` as its guide says. Every form request to `/at` is recorded as it
 * arrived (content type and raw body) before the adapter answers it.
 */
import { africasTalking } from '@ussdkit/africastalking';
import type { CloseReason } from '@ussdkit/protocol';
import { createApp } from '@ussdkit/router';
import { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxConfigInput } from '../../src/config/SandboxConfig';
import { serveHono } from '../helpers/serveHono';

/** Twelve bundles with long labels: more than one 182-character screen, so the menu is paged. */
const bundles = Array.from({ length: 12 }, (_, index) => ({
  label: `Data bundle number ${index + 1}, valid thirty days`,
  value: `bundle-${index + 1}`,
}));

/**
 * The app of the tests: a menu, a validated amount, a free-text reference (where `*` and `#` are
 * characters like any other), a paged menu, back and home, and a dial entry (`…*5#` opens the
 * bundles).
 */
export function shopApp(onClose: (info: { sessionId: string; reason: CloseReason }) => void) {
  return createApp({
    state: z.object({
      amount: z.number().optional(),
      reference: z.string().optional(),
      bundle: z.string().optional(),
    }),
    start: 'menu',
    authToken: APP_TOKEN,
    entry: { dial: { '5': 'bundles' } },
    onClose,
    screens: ({ chooser, input, info }) => ({
      menu: chooser({
        title: 'Duka',
        items: [
          { label: 'Send money', next: 'amount' },
          { label: 'Bundles', next: 'bundles' },
        ],
      }),
      amount: input({
        text: 'Amount (NGN)?',
        validate: z.coerce.number().int().min(50, 'The minimum is NGN 50'),
        targets: ['reference'],
        next: (amount, ctx) => {
          ctx.state.amount = amount;
          return ctx.go('reference');
        },
      }),
      reference: input({
        text: 'Reference?',
        targets: ['sent'],
        next: (reference, ctx) => {
          ctx.state.reference = reference;
          return ctx.go('sent');
        },
      }),
      sent: info({
        text: (ctx) => `Sent NGN ${ctx.state.amount} with reference ${ctx.state.reference}.`,
      }),
      bundles: chooser({
        title: 'Bundles',
        items: bundles,
        targets: ['chosen'],
        next: (item, ctx) => {
          ctx.state.bundle = item.value;
          return ctx.go('chosen');
        },
      }),
      chosen: info({ text: (ctx) => `You chose ${ctx.state.bundle}.` }),
    }),
  });
}

/** The native app's token; the Africa's Talking side checks `?secret=` instead. */
export const APP_TOKEN = 'shop-token';
const AT_SECRET = 'at-s3cret';

/** A form request as it reached `/at`. */
export interface ReceivedForm {
  readonly contentType: string | null;
  readonly raw: string;
  readonly fields: Readonly<Record<string, string>>;
}

/** The served app, what reached it, and a sandbox configuration that registers it twice. */
export interface ServedShop {
  /** The app natively: `<base>/ussd`. */
  readonly nativeUrl: string;
  /** The app on Africa's Talking's protocol (callback and notifications URL): `<base>/at?secret=…`. */
  readonly atUrl: string;
  /** Session requests that reached `/at`, in order. */
  readonly requests: ReceivedForm[];
  /** Notifications that reached `/at`, in order. */
  readonly notifications: ReceivedForm[];
  /** `onClose` of the app, for either protocol. */
  readonly closed: { sessionId: string; reason: string }[];
  close(): Promise<void>;
}

/** Serves {@link shopApp} natively and on Africa's Talking's protocol on a free loopback port. */
export async function serveShop(): Promise<ServedShop> {
  const closed: ServedShop['closed'] = [];
  const app = shopApp(({ sessionId, reason }) => {
    closed.push({ sessionId, reason: reason.type });
  });
  const handler = africasTalking(app, { secret: AT_SECRET, authToken: APP_TOKEN });
  const requests: ReceivedForm[] = [];
  const notifications: ReceivedForm[] = [];
  const server = new Hono();
  server.post('/ussd/*', async (c) => {
    const { status, body } = await app.handle({
      path: c.req.path.slice('/ussd'.length),
      headers: Object.fromEntries(c.req.raw.headers),
      body: await c.req.text(),
    });
    return body === undefined ? new Response(null, { status }) : Response.json(body, { status });
  });
  server.post('/at', async (c) => {
    const raw = await c.req.raw.clone().text();
    const fields = Object.fromEntries(new URLSearchParams(raw));
    const received = { contentType: c.req.header('content-type') ?? null, raw, fields };
    ('status' in fields ? notifications : requests).push(received);
    return handler(c.req.raw);
  });
  const served = await serveHono(server);
  return {
    nativeUrl: `${served.base}/ussd`,
    atUrl: `${served.base}/at?secret=${AT_SECRET}`,
    requests,
    notifications,
    closed,
    close: () => served.close(),
  };
}

/** App codes of the two registrations of the shop. */
export const CODES = { native: '71', africastalking: '72' } as const;

/** A developer and the shop registered natively (`*384*71#`) and as an Africa's Talking app (`*384*72#`). */
export function shopConfig(shop: ServedShop): SandboxConfigInput {
  return {
    developers: [
      {
        clientId: 'shop-dev',
        clientSecret: 'shop-secret',
        feePerTick: 2,
        virtualPurse: 1000,
        permissions: ['PUSH'],
      },
    ],
    apps: [
      {
        appId: 'shop-native',
        clientId: 'shop-dev',
        appCode: CODES.native,
        url: shop.nativeUrl,
        authToken: APP_TOKEN,
      },
      {
        appId: 'shop-at',
        clientId: 'shop-dev',
        appCode: CODES.africastalking,
        url: shop.atUrl,
        protocol: 'africastalking',
        notificationsUrl: shop.atUrl,
      },
    ],
  };
}
