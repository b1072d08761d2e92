// examples/airtime-worker/src/worker.ts: the Worker (docs/runtimes.md, README.md)
import { ussdHono } from '@ussdkit/hono';
import { type DurableObjectNamespaceLike, durableObjectStore } from '@ussdkit/router/cloudflare';
import { Hono } from 'hono';
import { createAirtimeApp } from './app';

// The Durable Object class wrangler.toml binds as USSD_SESSIONS. A Worker's named exports are
// its entry points: export the class, and nothing else by name.
export { UssdSessionObject } from '@ussdkit/router/cloudflare';

/** The Worker's bindings (wrangler.toml, and the USSD_APP_TOKEN secret). */
interface Env {
  readonly USSD_SESSIONS: DurableObjectNamespaceLike;
  readonly USSD_APP_TOKEN?: string;
}

function createServer(env: Env): Hono {
  const server = new Hono();
  server.get('/health', (c) => c.json({ status: 'ok' }));
  const token = env.USSD_APP_TOKEN;
  if (token === undefined || token === '') {
    // Without a token anyone could drive sessions: refuse to serve rather than serve openly.
    server.all('*', (c) =>
      c.json({ code: 'MISCONFIGURED', message: 'USSD_APP_TOKEN is not set' }, 500),
    );
    return server;
  }
  const app = createAirtimeApp({
    store: durableObjectStore({ namespace: env.USSD_SESSIONS }),
    authToken: token,
  });
  server.route('/ussd', ussdHono(app));
  server.notFound((c) => c.json({ code: 'NOT_FOUND', message: 'No such route' }, 404));
  return server;
}

// Made on the first request, where `env` is; bindings are the same for every request of an
// isolate, so one server (and one compiled flow) serves them all.
let server: Hono | undefined;

export default {
  fetch(request: Request, env: Env): Response | Promise<Response> {
    server ??= createServer(env);
    return server.fetch(request);
  },
};
