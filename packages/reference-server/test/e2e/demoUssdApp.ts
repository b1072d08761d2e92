/**
 * A small USSD app for the simulator tests, written with plain `node:http` handlers: a menu,
 * an amount input with validation, then a merchant payment run by the gateway and an InfoView
 * receipt. Also a callback receiver, and the sandbox (with the web phone) on port 0.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createSandbox, DEMO } from '../../src/index';
import { createWebRoutes } from '../../src/web/index';

/** The merchant the demo app pays, and the account it pays from (a sandbox bank account). */
export const MERCHANT = { code: '12345', bank: '058', account: '0581234567' } as const;

type Json = Record<string, unknown>;

function readJson(req: IncomingMessage): Promise<Json> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      resolve(text === '' ? {} : (JSON.parse(text) as Json));
    });
    req.on('error', reject);
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

const show = (view: Json, contextData: string) => ({
  action: { type: 'ShowView', view },
  contextData,
});

const MENU = show(
  {
    type: 'ChooserView',
    title: 'Airtime shop',
    items: [
      { accessKey: '1', label: 'Buy airtime' },
      { accessKey: '2', label: 'Help' },
    ],
  },
  'menu',
);
const askAmount = (prefix = '') =>
  show({ type: 'InputView', message: `${prefix}Amount in NGN (50 to 5000):` }, 'amount');

/** The demo app's answer to one `new` or `continue` request. */
function answer(body: Json): Json {
  const result = body.result as Json | undefined;
  const input = body.input as Json | undefined;
  if (input?.type === 'Push' && input.contextData === 'notice') {
    return show({ type: 'InfoView', message: 'Your airtime is on its way.' }, 'notice');
  }
  if (result === undefined) return MENU;
  const value = String(result.value ?? '');
  switch (body.contextData) {
    case 'menu':
      if (value === '2') {
        return show({ type: 'InfoView', message: 'Call 0800 USSDKIT for help.' }, 'help');
      }
      return askAmount();
    case 'amount': {
      const amount = Number(value);
      if (!Number.isInteger(amount) || amount < 50 || amount > 5000) {
        return askAmount('Invalid amount. ');
      }
      const process = {
        type: 'MerchantPaymentProcess',
        operationId: `demo-${crypto.randomUUID()}`,
        merchantCode: MERCHANT.code,
        amount,
        paymentMode: { type: 'FixedAccount', bank: MERCHANT.bank, account: MERCHANT.account },
      };
      return { action: { type: 'RunProcess', process }, contextData: `paid:${amount}` };
    }
    default: {
      const status = (result.status as Json | undefined)?.type;
      const amount = String(body.contextData).replace('paid:', '');
      const message =
        status === 'Success'
          ? `Receipt: NGN ${amount} airtime paid. Thank you!`
          : `Payment ${String(status).toLowerCase()}: nothing was charged.`;
      return show({ type: 'InfoView', message }, 'done');
    }
  }
}

/** A running demo app. */
export interface DemoApp {
  /** The app's base URL (the gateway posts to `<url>/ussdSessionEvent/<event>`). */
  readonly url: string;
  close(): Promise<void>;
}

/** Starts the demo USSD app on loopback. */
export async function startDemoApp(): Promise<DemoApp> {
  const server = createServer(async (req, res) => {
    const event = /\/ussdSessionEvent\/(new|continue|close|abort)$/.exec(req.url ?? '')?.[1];
    const body = await readJson(req);
    if (event === 'new' || event === 'continue') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer(body)));
      return;
    }
    res.writeHead(event === undefined ? 404 : 204).end();
  });
  return { url: `${await listen(server)}/ussd`, close: () => stop(server) };
}

/** A callback receiver that answers 200 and keeps the bodies. */
export interface Receiver {
  readonly url: string;
  readonly received: unknown[];
  close(): Promise<void>;
}

/** Starts a callback receiver on loopback. */
export async function startReceiver(): Promise<Receiver> {
  const received: unknown[] = [];
  const server = createServer(async (req, res) => {
    received.push(await readJson(req));
    res.writeHead(200).end();
  });
  return { url: `${await listen(server)}/callbacks`, received, close: () => stop(server) };
}

/** The sandbox with the web phone, served on port 0, its demo app pointing at `appUrl`. */
export interface WebSandbox {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves the web routes in front of `createSandbox().fetch` (as the sandbox mounts them) on
 * port 0, then points the demo app at `appUrl` and the demo developer's callbacks at
 * `callbackUrl` through the sandbox API.
 */
export async function startWebSandbox(options: {
  appUrl: string;
  callbackUrl?: string;
}): Promise<WebSandbox> {
  const sandbox = createSandbox();
  const app = new Hono();
  app.route('/', createWebRoutes());
  app.all('*', (c) => sandbox.fetch(c.req.raw));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    );
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const patch = async (path: string, body: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  };
  await patch(`/sandbox/apps/${DEMO.appId}`, { url: options.appUrl });
  if (options.callbackUrl !== undefined) {
    await patch(`/sandbox/developers/${DEMO.clientId}`, { callbackUrl: options.callbackUrl });
  }
  return {
    url,
    close: async () => {
      if ('closeAllConnections' in server) server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sandbox.close();
    },
  };
}
