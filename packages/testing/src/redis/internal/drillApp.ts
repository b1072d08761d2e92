import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '@ussdkit/router';
import { type RedisClient, redisStore } from '@ussdkit/router/redis';
import { z } from 'zod';

/** One app instance of a drill, behind its own HTTP server on loopback. */
export interface DrillInstance {
  /** Where the gateway posts, e.g. `http://127.0.0.1:41234/ussd`. */
  readonly url: string;
  /** Every error the app reported through `onError`. */
  readonly errors: unknown[];
  close(): Promise<void>;
}

/**
 * The flow the drill's customers walk: three names asked one per screen, then all of them shown,
 * so a lost, doubled or misplaced event shows in the last screen.
 */
function namesApp(client: RedisClient, keyPrefix: string, errors: unknown[]) {
  return createApp({
    state: z.object({ names: z.array(z.string()).default([]) }),
    start: 'ask',
    store: redisStore({ client, keyPrefix }),
    onError: (error) => errors.push(error),
    screens: ({ input, info }) => ({
      ask: input({
        text: (ctx) => `Name ${ctx.state.names.length + 1}?`,
        targets: ['ask', 'done'],
        next: (value, ctx) => {
          ctx.state.names = [...ctx.state.names, value];
          return ctx.go(ctx.state.names.length >= 3 ? 'done' : 'ask');
        },
      }),
      done: info({ text: (ctx) => `Names: ${ctx.state.names.join(', ')}` }),
    }),
  });
}

/**
 * Starts one instance of the names app on `client` (a `redisStore` with `keyPrefix`), served by
 * a real HTTP server (node:http) on a free loopback port, under `/ussd`.
 */
export async function startDrillInstance(
  client: RedisClient,
  keyPrefix: string,
): Promise<DrillInstance> {
  const errors: unknown[] = [];
  const app = namesApp(client, keyPrefix, errors);
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void app
        .handle({
          path: (request.url ?? '').replace(/^\/ussd/, ''),
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        })
        .then((answer) => {
          response.writeHead(answer.status, { 'content-type': 'application/json' });
          response.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
        });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ussd`,
    errors,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
