import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { redisStore } from '@ussdkit/router/redis';
import express from 'express';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRedis, type TestRedis } from '../../router/test/support/redisServer';
import { africasTalkingExpress } from '../src/africasTalkingExpress';
import { fixtureApp } from './fixtureApp';

let redis: TestRedis;
const clients: Redis[] = [];
const servers: Server[] = [];
const bases: string[] = [];
const onClose = vi.fn();

/** One app instance: its own Express server and Redis connection, the one Redis behind both. */
async function instance(): Promise<string> {
  const client = new Redis(redis.url);
  clients.push(client);
  const app = fixtureApp({ store: redisStore({ client }), onClose });
  const web = express().post('/ussd/at', africasTalkingExpress(app));
  const server = web.listen(0, '127.0.0.1');
  await once(server, 'listening');
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/ussd/at`;
}

beforeAll(async () => {
  redis = await startTestRedis();
  bases.push(await instance(), await instance());
});
afterAll(async () => {
  for (const server of servers) server.close();
  for (const client of clients) client.disconnect();
  await redis.stop();
});

const post = async (url: string, form: Record<string, string>) => {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return answer.text();
};

describe("africasTalking on two instances sharing one Redis (the app's redisStore, no store of the adapter's own)", () => {
  it('serves one session whose requests alternate between the instances', async () => {
    const form = (text: string) => ({
      sessionId: 'ATUid_two',
      serviceCode: '*384*1234#',
      phoneNumber: '+254711000001',
      networkCode: '63902',
      text,
    });
    const [a, b] = bases as [string, string];
    expect(await post(a, form(''))).toBe('CON Duka\n1. Send money\n2. Bundles');
    expect(await post(b, form('7'))).toMatch(/^CON Invalid choice/);
    expect(await post(a, form('7*1'))).toBe('CON Amount (KES)?');
    // A repeat reaching the other instance gets the same screen.
    expect(await post(b, form('7*1'))).toBe('CON Amount (KES)?');
    expect(await post(b, form('7*1*250'))).toBe('CON Reference?');
    expect(await post(a, form('7*1*250*A*1'))).toBe('END Sent KES 250 with reference A*1.');
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onClose.mock.calls[0]?.[0]).toMatchObject({
      reason: { type: 'End' },
      state: { amount: 250, reference: 'A*1' },
    });
    // The end notification reaches the other instance: acknowledged, the app not closed twice.
    expect(await post(b, { sessionId: 'ATUid_two', status: 'Success' })).toBe('OK');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps no path in Redis: what a session keeps names its text only by length and hash', async () => {
    const [a, b] = bases as [string, string];
    const form = (text: string) => ({
      sessionId: 'ATUid_kept',
      serviceCode: '*384*1234#',
      phoneNumber: '+254711000001',
      text,
    });
    await post(a, form(''));
    await post(b, form('1'));
    await post(a, form('1*739184'));
    const reader = new Redis(redis.url);
    const keys = await reader.keys('*');
    const values = await Promise.all(keys.map((key) => reader.get(key).catch(() => '')));
    reader.disconnect();
    expect(values.join('\n')).not.toContain('1*739184');
  });
});
