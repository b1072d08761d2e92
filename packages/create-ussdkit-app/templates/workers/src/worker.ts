// The Worker: `export default { fetch }`, and the Durable Object class wrangler.toml binds.
import { type DurableObjectNamespaceLike, durableObjectStore } from '@ussdkit/router/cloudflare';
import { Hono } from 'hono';
import { createServer } from './server.js';

// The Durable Object class wrangler.toml binds as USSD_SESSIONS. A Worker's named exports are
// its entry points: export the class, and nothing else by name.
export { UssdSessionObject } from '@ussdkit/router/cloudflare';

/** The Worker's bindings (wrangler.toml, and the USSD_APP_TOKEN secret). */
export interface Env {
  readonly USSD_SESSIONS: DurableObjectNamespaceLike;
  readonly USSD_APP_TOKEN?: string;
}

function serverFor(env: Env): Hono {
  const authToken = env.USSD_APP_TOKEN;
  if (authToken === undefined || authToken === '') {
    // Without a token anyone could drive sessions: refuse to serve rather than serve openly.
    const misconfigured = new Hono();
    misconfigured.all('*', (c) =>
      c.json({ code: 'MISCONFIGURED', message: 'USSD_APP_TOKEN is not set' }, 500),
    );
    return misconfigured;
  }
  // Sessions and their locks in a Durable Object per session: every isolate and location the
  // Worker runs in handles one event at a time per session.
  return createServer({ authToken, store: durableObjectStore({ namespace: env.USSD_SESSIONS }) });
}

// Made on the first request, where `env` is; bindings are the same for every request of an
// isolate, so one server (and one compiled flow) serves them all.
let server: Hono | undefined;

export default {
  fetch(request: Request, env: Env): Response | Promise<Response> {
    server ??= serverFor(env);
    return server.fetch(request);
  },
};
