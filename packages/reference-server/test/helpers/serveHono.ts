import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

/** A Hono app served by @hono/node-server on a free loopback port. */
export interface ServedHono {
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  close(): Promise<void>;
}

/** Serves `app` on port 0 of 127.0.0.1 and waits until it listens. */
export async function serveHono(app: Hono): Promise<ServedHono> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    );
  });
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
