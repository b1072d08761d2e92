// examples/observability/src/server.ts: the top-up app on Hono, traced, measured and logged
import { serve } from '@hono/node-server';
import { ussdHono } from '@ussdkit/hono';
import { openTelemetry } from '@ussdkit/router/otel';
import { Hono } from 'hono';
import pino from 'pino';
import { createTopUpApp } from './app';
import { startTelemetry } from './telemetry';

const sdk = startTelemetry();
const app = createTopUpApp({
  // The same key on every instance, kept secret: ussd.msisdn.hash finds a customer's sessions.
  instrumentations: [openTelemetry({ msisdnKey: process.env.MSISDN_HASH_KEY })],
  logger: pino({ level: process.env.LOG_LEVEL ?? 'info' }),
  balance: async () => 1250,
});
const server = new Hono();
server.route('/ussd', ussdHono(app));
const port = Number(process.env.PORT ?? 3002);
const listening = serve({ fetch: server.fetch, port }, () =>
  console.log(`top-up listening: USSD app at http://localhost:${port}/ussd`),
);
const stop = () => {
  listening.close();
  void sdk.shutdown().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
