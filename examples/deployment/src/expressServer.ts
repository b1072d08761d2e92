import { ussdRouter } from '@ussdkit/express';
import type { UssdApp } from '@ussdkit/router';
import express, { type Express } from 'express';
import { readiness, type ServerState } from './readiness';
import type { OpenStore } from './sessionStore';

/**
 * The Express server: the app under `/ussd`, `GET /healthz` (liveness) and `GET /readyz`
 * (readiness), JSON 404s.
 *
 * @example
 * ```ts
 * createExpressServer(app, { state, store }).listen(3000);
 * ```
 */
export function createExpressServer(
  app: Pick<UssdApp<unknown>, 'door'>,
  probes: { readonly state: ServerState; readonly store: OpenStore },
): Express {
  const server = express();
  server.disable('x-powered-by');
  server.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  server.get('/readyz', async (_req, res) => {
    const { ready, status } = await readiness(probes.state, probes.store);
    res.status(ready ? 200 : 503).json({ status });
  });
  server.use('/ussd', ussdRouter(app));
  server.use((_req, res) => {
    res.status(404).json({ code: 'NOT_FOUND', message: 'No such route' });
  });
  return server;
}
