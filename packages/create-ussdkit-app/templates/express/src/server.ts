import { ussdRouter } from '@ussdkit/express';
import express, { type Express } from 'express';
import { createUssdApp, type UssdAppOptions } from './app.js';

/** The HTTP server: the USSD app under /ussd, and /health for load balancers and Docker. */
export function createServer(options: UssdAppOptions): Express {
  const server = express();
  server.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // The gateway calls POST /ussd/ussdSessionEvent/new, /continue, /close and /abort.
  server.use('/ussd', ussdRouter(createUssdApp(options)));
  return server;
}
