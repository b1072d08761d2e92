import { once } from 'node:events';
import { createUpstreamValidator } from '@ussdkit/protocol/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp, DEFAULT_MESSAGES, StoreUnavailableError } from '../src/index';
import { redisStore } from '../src/redis';
import { startTestRedis, type TestRedis } from './support/redisServer';

const validator = createUpstreamValidator();
let redis: TestRedis;
let client: Redis;

beforeAll(async () => {
  redis = await startTestRedis({ own: true, persistent: true });
  // As docs/scaling.md and docs/testing.md recommend: no offline queue, so a command that failed
  // during the outage (a lock, say) is not replayed once Redis is back.
  client = new Redis(redis.url, { enableOfflineQueue: false });
  client.on('error', () => {}); // the outage is asserted through the app
  await once(client, 'ready');
});
afterAll(async () => {
  client?.disconnect();
  await redis?.stop();
});

const event = (path: string, body: object) => ({
  path: `/ussdSessionEvent/${path}`,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ clientId: 'c', appId: 'a', ...body }),
});
const dial = (sessionId: string) =>
  event('new', {
    sessionId,
    msisdn: '+2348030000000',
    operator: 'mtn',
    input: { type: 'Dial', shortcodeString: '*384*1#' },
  });

describe('an app on redisStore while Redis is down', () => {
  it('keeps the session on its screen during the outage, reports StoreUnavailableError, and goes on after', async () => {
    const errors: unknown[] = [];
    const app = createApp({
      state: z.object({}),
      start: 'ask',
      store: redisStore({ client, commandTimeoutMs: 300 }),
      // The store waits for Redis until the event's deadline (decision 0037): a short one keeps
      // this outage, which lasts past it, quick.
      deadlineMs: 800,
      onError: (error) => errors.push(error),
      screens: ({ input, info }) => ({
        ask: input({ text: 'Name?', next: 'bye' }),
        bye: info({ text: 'Bye' }),
      }),
    });
    expect((await app.handle(dial('outage-1'))).status).toBe(200);

    await redis.stop();
    const during = await app.handle(
      event('continue', {
        sessionId: 'outage-1',
        result: { type: 'InputResult', value: 'Ada' },
        contextData: '',
      }),
    );
    expect(during.status).toBe(200);
    expect(validator.appResponse(during.body).errors).toEqual([]);
    expect(during.body).toMatchObject({
      action: { view: { type: 'InputView', message: DEFAULT_MESSAGES.busy } },
    });
    expect(errors.some((error) => error instanceof StoreUnavailableError)).toBe(true);
    const dialDuring = await app.handle(dial('outage-3'));
    expect(dialDuring.body).toMatchObject({
      action: { view: { type: 'InfoView', message: DEFAULT_MESSAGES.unavailable } },
    });

    await redis.start();
    if (client.status !== 'ready') await once(client, 'ready');
    // The customer sends the answer again, with the contextData the busy screen carried.
    const resent = await app.handle(
      event('continue', {
        sessionId: 'outage-1',
        result: { type: 'InputResult', value: 'Ada' },
        contextData: (during.body as { contextData: string }).contextData,
      }),
    );
    expect(resent.body).toMatchObject({ action: { view: { type: 'InfoView', message: 'Bye' } } });
    const after = await app.handle(dial('outage-2'));
    expect(after.body).toMatchObject({ action: { view: { type: 'InputView', message: 'Name?' } } });
  });
});
