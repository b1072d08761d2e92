import { ussdHono } from '@ussdkit/hono';
import { Hono } from 'hono';
import { readiness, type ServerState } from './readiness';
import type { OpenStore } from './sessionStore';

/**
 * The Hono server: the app under `/ussd`, `GET /healthz` (liveness) and `GET /readyz`
 * (readiness), JSON 404s.
 *
 * @example
 * ```ts
 * serve({ fetch: createHonoServer(app, { state, store }).fetch, port: 3000 });
 * ```
 */
export function createHonoServer(
  app: Parameters<typeof ussdHono>[0],
  probes: { readonly state: ServerState; readonly store: OpenStore },
): Hono {
  const server = new Hono();
  server.get('/healthz', (c) => c.json({ status: 'ok' }));
  server.get('/readyz', async (c) => {
    const { ready, status } = await readiness(probes.state, probes.store);
    return c.json({ status }, ready ? 200 : 503);
  });
  server.route('/ussd', ussdHono(app));
  server.notFound((c) => c.json({ code: 'NOT_FOUND', message: 'No such route' }, 404));
  return server;
}
