import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { toNodeHandler } from '@ussdkit/router/node';
import express from 'express';
import { Hono } from 'hono';
import type { Post } from './phones/Phone';
import type { Served } from './protocols';

/** A test server on a loopback port, and how to send it a request meant for `/ussd/…`. */
export interface RunningServer {
  readonly post: Post;
  close(): Promise<void>;
}

/** `request` again, to `url`: its method, headers and body. */
export async function resend(request: Request, url: string | URL): Promise<Request> {
  const body = request.method === 'GET' ? null : await request.text();
  return new Request(url, { method: request.method, headers: request.headers, body });
}

/** Sends `request` to the same path and query on `base` (a real HTTP request). */
export function overHttp(base: string): Post {
  return async (request) => {
    const url = new URL(request.url);
    return fetch(await resend(request, `${base}${url.pathname}${url.search}`));
  };
}

async function listening(server: Server): Promise<RunningServer> {
  if (!server.listening) await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    post: overHttp(`http://127.0.0.1:${port}`),
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Express, each protocol mounted at `/ussd/<name>` through the router's Node bridge. */
export function startExpress(mounts: Readonly<Record<string, Served>>): Promise<RunningServer> {
  const web = express();
  for (const [name, served] of Object.entries(mounts)) {
    web.use(`/ussd/${name}`, toNodeHandler(served));
  }
  return listening(web.listen(0, '127.0.0.1'));
}

/** Hono on `@hono/node-server`, each protocol's web handler at `/ussd/<name>` and below it. */
export function startHono(mounts: Readonly<Record<string, Served>>): Promise<RunningServer> {
  const web = new Hono();
  for (const [name, served] of Object.entries(mounts)) {
    web.all(`/ussd/${name}`, (c) => served.fetch(c.req.raw));
    web.all(`/ussd/${name}/*`, (c) => served.fetch(c.req.raw));
  }
  return listening(serve({ fetch: web.fetch, port: 0, hostname: '127.0.0.1' }) as Server);
}
