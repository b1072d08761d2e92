import { ussdHono } from '@ussdkit/hono';
import { Hono } from 'hono';
import { createUssdApp, type UssdAppOptions } from './app.js';

/** The HTTP server: the USSD app under /ussd, and /health. The Worker and `npm run dev` serve it. */
export function createServer(options: UssdAppOptions): Hono {
  const server = new Hono();
  server.get('/health', (c) => c.json({ status: 'ok' }));
  // The gateway calls POST /ussd/ussdSessionEvent/new, /continue, /close and /abort.
  server.route('/ussd', ussdHono(createUssdApp(options)));
  server.notFound((c) => c.json({ code: 'NOT_FOUND', message: 'No such route' }, 404));
  return server;
}
