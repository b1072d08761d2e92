// examples/deployment/src/express.ts: the Express server (node dist/express.js in its image)
import type { AddressInfo } from 'node:net';
import { createBankApp } from './app';
import { loadConfig } from './config';
import { createExpressServer } from './expressServer';
import { configuredOrExit, log, stopOnSignals } from './lifecycle';
import { openStore } from './sessionStore';

const config = configuredOrExit(() => loadConfig(process.env));
const store = openStore(config.REDIS_URL);
const app = createBankApp({
  store: store.store,
  authToken: config.USSD_APP_TOKEN,
  bankUrl: config.BANK_URL,
});
const state = { draining: false };

const server = createExpressServer(app, { state, store }).listen(
  config.PORT,
  config.HOST,
  (error) => {
    if (error !== undefined) {
      log('failed', { message: error.message });
      process.exit(1);
    }
    log('listening', { server: 'express', port: (server.address() as AddressInfo).port });
  },
);
stopOnSignals(server, { state, store, timeoutMs: config.SHUTDOWN_TIMEOUT_MS });
