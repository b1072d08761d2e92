// examples/deployment/src/hono.ts: the Hono server (node dist/hono.js in its image)
import { serve } from '@hono/node-server';
import { createBankApp } from './app';
import { loadConfig } from './config';
import { createHonoServer } from './honoServer';
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

const server = serve(
  {
    fetch: createHonoServer(app, { state, store }).fetch,
    port: config.PORT,
    hostname: config.HOST,
  },
  (info) => log('listening', { server: 'hono', port: info.port }),
);
server.once('error', (error) => {
  log('failed', { message: error.message });
  process.exit(1);
});
stopOnSignals(server, { state, store, timeoutMs: config.SHUTDOWN_TIMEOUT_MS });
