import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, DEFAULT_MESSAGES, StoreUnavailableError } from '@ussdkit/router';
import { redisStore } from '@ussdkit/router/redis';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO, type RunningSandbox, startSandbox } from '../../src/index';
import { type PersistentRedis, startPersistentRedis } from './persistentRedis';
import { type SandboxCalls, sandboxCalls } from './sandboxClient';

let redis: PersistentRedis;
let client: Redis;
let server: Server;
let sandbox: RunningSandbox;
let api: SandboxCalls;
let dialString: string;
const errors: unknown[] = [];

function routerApp() {
  return createApp({
    state: z.object({ product: z.string().optional() }),
    start: 'menu',
    store: redisStore({ client, commandTimeoutMs: 300 }),
    onError: (error) => errors.push(error),
    screens: ({ chooser, input, info }) => ({
      menu: chooser({
        title: 'Shop',
        items: [
          { label: 'Airtime', value: 'airtime' },
          { label: 'Data', value: 'data' },
        ],
        targets: ['amount'],
        next: (item, ctx) => {
          ctx.state.product = String(item.value);
          return ctx.go('amount');
        },
      }),
      amount: input({
        text: 'Amount?',
        validate: z.coerce.number().int().positive('Enter a number'),
        targets: ['done'],
        next: (_amount, ctx) => ctx.go('done'),
      }),
      done: info({ text: (ctx) => `Bought ${ctx.state.product}.` }),
    }),
  });
}

beforeAll(async () => {
  redis = await startPersistentRedis();
  client = new Redis(redis.url, { maxRetriesPerRequest: 1, retryStrategy: () => 50 });
  client.on('error', () => {}); // the outage is asserted through the sessions
  const app = routerApp();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const answer = await app.handle({
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  sandbox = await startSandbox({ port: 0, quiet: true });
  api = sandboxCalls(sandbox.url);
  const created = await api.call('POST', '/sandbox/apps', {
    clientId: DEMO.clientId,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
  dialString = `*${(created.body as { shortcode: string }).shortcode}#`;
});

afterAll(async () => {
  client?.disconnect();
  server?.closeAllConnections();
  server?.close();
  await sandbox?.close();
  await redis?.remove();
});

describe('Redis crashes and restarts in the middle of sessions', () => {
  it('answers a clear error during the outage; a session in flight continues after', async () => {
    const inFlight = await api.dial(dialString);
    expect(inFlight.screen).toContain('Shop');
    expect((await api.input(inFlight.sessionId, '2')).body).toMatchObject({ screen: 'Amount?' });
    const hit = await api.dial(dialString, '08039999999');
    await api.input(hit.sessionId, '1');

    await redis.crash();
    // An input during the outage: the customer gets the router's clear message, never a hang or
    // an abort, the session stays open on its screen, and the app reports StoreUnavailableError.
    const during = await api.input(hit.sessionId, '100');
    expect(during.body).toMatchObject({ screen: DEFAULT_MESSAGES.busy, open: true });
    expect(errors.some((error) => error instanceof StoreUnavailableError)).toBe(true);
    // A dial during the outage too.
    const dialled = await api.dial(dialString, '08038888888');
    expect(dialled).toMatchObject({ screen: DEFAULT_MESSAGES.unavailable, open: false });

    await redis.start();
    if (client.status !== 'ready') await once(client, 'ready');
    // The session that was waiting on "Amount?" goes on with the state saved before the crash.
    const after = await api.input(inFlight.sessionId, '250');
    expect(after.body).toMatchObject({ screen: 'Bought data.', open: false });
    expect(await api.report(inFlight.sessionId)).toMatchObject({ open: false, closeReason: 'End' });
    // The session that got the busy screen takes the same answer again and goes on.
    const resent = await api.input(hit.sessionId, '100');
    expect(resent.body).toMatchObject({ open: false });
    expect(await api.report(hit.sessionId)).toMatchObject({ open: false, closeReason: 'End' });
    // And new sessions work again.
    const fresh = await api.dial(dialString, '08037777777');
    expect(fresh.screen).toContain('Shop');
  });
});
