import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { UssdkitClient } from '@ussdkit/client';
import { ussdHono } from '@ussdkit/hono';
import { redisStore } from '@ussdkit/router/redis';
import { Hono } from 'hono';
import { Redis } from 'ioredis';
import { createBillPayApp } from './app';
import { type BillPayConfig, configFromEnv } from './config';

/**
 * Bill Pay as a Hono app: the USSD app under `/ussd`, `GET /health`, JSON errors.
 *
 * @example
 * ```ts
 * const server = createBillPayServer(config, new Redis(config.redisUrl));
 * ```
 */
export function createBillPayServer(config: BillPayConfig, redis: Redis): Hono {
  const client = new UssdkitClient({
    baseUrl: config.serviceUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    timeoutMs: 3000, // stay inside the router's 3.5 s deadline
  });
  const app = createBillPayApp({
    client,
    store: redisStore({ client: redis }),
    authToken: config.authToken,
    airtimeAppId: config.airtimeAppId,
  });
  const server = new Hono();
  server.route('/ussd', ussdHono(app));
  server.get('/health', (c) => c.json({ status: 'ok' }));
  server.notFound((c) => c.json({ code: 'NOT_FOUND', message: 'No such route' }, 404));
  server.onError((error, c) => {
    console.error('bill-pay:', error);
    return c.json({ code: 'INTERNAL', message: 'Internal error' }, 500);
  });
  return server;
}

/** A listening Bill Pay. */
export interface RunningBillPay {
  /** e.g. `http://127.0.0.1:3001` */
  readonly url: string;
  readonly port: number;
  /** Stops listening and closes the Redis connection. */
  close(): Promise<void>;
}

/**
 * Connects to Redis and listens on `config.port` (0 = a free port).
 *
 * @example
 * ```ts
 * const billPay = await startBillPay({ ...configFromEnv(), port: 0 });
 * await billPay.close();
 * ```
 */
export async function startBillPay(config: BillPayConfig): Promise<RunningBillPay> {
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
  // While Redis is down the router answers its safe view; say why once, not at every retry.
  let lastError = '';
  redis.on('error', (error: Error) => {
    if (error.message !== lastError) console.error(`bill-pay: Redis: ${error.message}`);
    lastError = error.message;
  });
  redis.on('ready', () => {
    lastError = '';
  });
  const fetchHandler = createBillPayServer(config, redis).fetch;
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch: fetchHandler, port: config.port, hostname: config.host }, () =>
      resolve(started),
    );
    started.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  return {
    url: `http://${config.host}:${port}`,
    port,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      await redis.quit();
    },
  };
}

// `pnpm start` in this folder: listen with the environment's settings.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const billPay = await startBillPay(configFromEnv());
  console.log(`Bill Pay listening: USSD app at ${billPay.url}/ussd`);
  const stop = () => void billPay.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
