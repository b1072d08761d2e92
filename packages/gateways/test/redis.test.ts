// Hubtel sends only the latest input, so a session is carried by the app's own store: two
// instances of the app on one real Redis serve one session whose requests alternate between them.
import { redisStore } from '@ussdkit/router/redis';
import { startTestRedis, type TestRedis } from '@ussdkit/testing/redis';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hubtel } from '../src/index';
import { hubtelPhone } from './phones/providerPhones';
import { walkApp } from './walkApp';

let redis: TestRedis;
const clients: Redis[] = [];
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await redis.stop();
});

/** One instance of the app: its own process state, the shared Redis store. */
function instance(onClose: () => void) {
  const client = new Redis(redis.url);
  clients.push(client);
  return hubtel(walkApp({ onClose, store: redisStore({ client, keyPrefix: 'gateways-test:' }) }));
}

describe('hubtel on two instances sharing one Redis', () => {
  it('serves one session whose requests alternate between the instances', async () => {
    const onClose = vi.fn();
    const instances = [instance(onClose), instance(onClose)];
    let turn = 0;
    const customer = hubtelPhone(
      (request) => {
        const handler = instances[turn++ % 2];
        if (handler === undefined) throw new Error('no instance');
        return handler(request);
      },
      { sessionId: 'redis-alternating' },
    );
    expect((await customer.dial()).shows).toBe('Duka\n1. Send money\n2. Bundles\n3. Change PIN');
    expect((await customer.send('2')).shows).toMatch(/^Bundles\n1\. Bundle 1/);
    const second = (await customer.send('98')).shows;
    expect(second).toMatch(/^Bundles\n5\. Bundle 5/);
    // Item 9 is on the next page: asked again, from the page the other instance showed.
    expect((await customer.send('9')).shows).toBe(`Invalid choice. Try again.\n${second}`);
    expect((await customer.send('00')).shows).toMatch(/^Duka\n/);
    expect(await customer.send('1')).toMatchObject({ shows: 'Amount?' });
    expect(await customer.send('75')).toMatchObject({ shows: 'Reference?' });
    expect(await customer.send('R*1')).toEqual({
      shows: 'Sent 75 with reference R*1.',
      continues: false,
      secret: false,
    });
    expect(turn).toBe(8);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
