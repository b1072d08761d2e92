// The store conformance cases (test/support/storeConformance.ts) on Node: the memory store, and
// the Redis store on a real redis-server. The Durable Object store runs the same cases inside
// workerd (test/runtimes/durableObjectStore.test.ts at the root).
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../../test/support/redisServer';
import { casesFor, type StoreUnderTest } from '../../test/support/storeConformance';
import type { SessionStore } from '../SessionStore';
import { memoryStore } from './memoryStore';
import { redisStore } from './redisStore';

describe('memoryStore conformance', () => {
  const shared = memoryStore();
  const subject: StoreUnderTest = {
    // One process, one store; the TTL case gets a store with its own TTL.
    store: (options = {}) =>
      options.ttlMs === undefined ? shared : memoryStore({ ttlMs: options.ttlMs }),
  };
  it.each(casesFor(subject).map((c) => [c.name, c] as const))('%s', (_name, c) => c.run(subject));
});

describe('redisStore conformance', () => {
  let redis: TestRedis;
  let client: Redis;
  const prefix = `conformance${process.pid}:`;
  beforeAll(async () => {
    redis = await startTestRedis();
    client = new Redis(redis.url);
  });
  afterAll(async () => {
    client?.disconnect();
    await redis?.stop();
  });
  const subject: StoreUnderTest = {
    store: (options = {}): SessionStore => redisStore({ client, keyPrefix: prefix, ...options }),
    async abandonLock(sessionId, leaseMs) {
      await client.set(`${prefix}lock:${sessionId}`, 'crashed-holder', 'PX', leaseMs);
    },
  };
  it.each(casesFor(subject).map((c) => [c.name, c] as const))('%s', (_name, c) => c.run(subject));
});
