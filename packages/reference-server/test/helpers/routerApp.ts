import { createApp } from '@ussdkit/router';
import { Hono } from 'hono';
import { z } from 'zod';
import { serveHono } from './serveHono';

/** A real `@ussdkit/router` app served over HTTP, as a newcomer would run one. */
export interface RouterApp {
  /** The URL to register with the sandbox: the app is mounted at `/ussd`. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves a one-screen router app (`Hello from the router`) at `<base>/ussd` with
 * `@hono/node-server` on a free loopback port. With `authToken`, the router answers 401
 * `{code: 'UNAUTHORIZED'}` to a request whose `Authorization` header differs.
 */
export async function startRouterApp(options: { authToken?: string } = {}): Promise<RouterApp> {
  const ussd = createApp({
    state: z.object({}),
    start: 'hello',
    authToken: options.authToken,
    screens: ({ info }) => ({ hello: info({ text: 'Hello from the router' }) }),
  });
  const app = new Hono();
  app.post('/ussd/*', async (c) => {
    const { status, body } = await ussd.handle({
      path: c.req.path.slice('/ussd'.length),
      headers: Object.fromEntries(c.req.raw.headers),
      body: await c.req.text(),
    });
    return body === undefined ? new Response(null, { status }) : Response.json(body, { status });
  });
  const served = await serveHono(app);
  return { url: `${served.base}/ussd`, close: () => served.close() };
}
