import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { createCallbackHandler, InvalidCallbackError, UssdkitClient } from '@ussdkit/client';
import { ussdRouter } from '@ussdkit/express';
import express, { type ErrorRequestHandler, type Express } from 'express';
import { createShopApp } from './app';
import { configFromEnv, type ShopConfig } from './config';
import { pendingOrders } from './Order';
import { settlePayment } from './settlePayment';
import { languagePreferences } from './texts';

/**
 * The shop as an Express app: the USSD app under `/ussd` (the gateway calls
 * `/ussd/ussdSessionEvent/new|continue|close|abort`), the service's callbacks at
 * `POST /callbacks` (deduped by the client's callback handler), `GET /health`.
 *
 * @example
 * ```ts
 * const server = createShopServer(configFromEnv());
 * server.listen(3000);
 * ```
 */
export function createShopServer(config: ShopConfig, client = clientFor(config)): Express {
  const pending = pendingOrders();
  const app = createShopApp({
    client,
    pending,
    preferences: languagePreferences(),
    merchantCode: config.merchantCode,
    authToken: config.authToken,
  });
  const onCallback = createCallbackHandler({
    onMerchantPayment: (callback) =>
      settlePayment({ client, appId: config.appId, pending }, callback),
    onAcquire: (callback) =>
      console.log('acquire callback', callback.operationId, callback.status.result),
  });

  const server = express();
  server.use('/ussd', ussdRouter(app));
  server.post('/callbacks', express.json(), async (req, res) => {
    const { duplicate } = await onCallback(req.body);
    res.json({ received: true, duplicate });
  });
  server.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  server.use((_req, res) => {
    res.status(404).json({ code: 'NOT_FOUND', message: 'No such route' });
  });
  const onError: ErrorRequestHandler = (error, _req, res, _next) => {
    if (error instanceof InvalidCallbackError) {
      res.status(400).json({ code: 'INVALID_CALLBACK', message: error.message });
      return;
    }
    const status = typeof error?.status === 'number' && error.status < 500 ? error.status : 500;
    console.error('airtime-shop:', error);
    res.status(status).json({
      code: status === 500 ? 'INTERNAL' : 'BAD_REQUEST',
      message: status === 500 ? 'Internal error' : 'Malformed request',
    });
  };
  server.use(onError);
  return server;
}

function clientFor(config: ShopConfig): UssdkitClient {
  return new UssdkitClient({
    baseUrl: config.serviceUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    timeoutMs: 3000, // stay inside the router's 3.5 s deadline
  });
}

/** A listening shop. */
export interface RunningShop {
  /** e.g. `http://127.0.0.1:3000` */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Starts the shop on `config.port` (0 = a free port) and resolves once it listens.
 *
 * @example
 * ```ts
 * const shop = await startShop({ ...configFromEnv(), port: 0 });
 * console.log(`${shop.url}/ussd`);
 * await shop.close();
 * ```
 */
export async function startShop(config: ShopConfig): Promise<RunningShop> {
  const server: Server = createServer(createShopServer(config));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${config.host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// `pnpm start` in this folder (or `tsx src/server.ts`): listen with the environment's settings.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const shop = await startShop(configFromEnv());
  console.log(
    `Airtime Shop listening: USSD app at ${shop.url}/ussd, callbacks at ${shop.url}/callbacks`,
  );
  const stop = () => void shop.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
