import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

/** A Hono server listening on Node. */
export interface Listening {
  readonly port: number;
  /** Takes no new connection, lets requests in flight finish, then resolves. */
  close(): Promise<void>;
}

/** Serves `server` on Node (`@hono/node-server`) and resolves once it listens. */
export async function listen(server: Hono, port: number, hostname: string): Promise<Listening> {
  const node = serve({ fetch: server.fetch, port, hostname });
  await once(node, 'listening');
  return {
    port: (node.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        node.close(() => resolve());
        if ('closeIdleConnections' in node) node.closeIdleConnections();
      }),
  };
}
