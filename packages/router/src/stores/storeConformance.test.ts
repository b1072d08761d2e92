// The store conformance cases (test/support/storeConformance.ts) on Node: the memory store, and
// the Redis store on a real redis-server and on a real three-master Redis Cluster. The Durable
// Object store runs the same cases inside workerd (test/runtimes/durableObjectStore.test.ts at
// the root).
import { afterAll, beforeAll, describe, it } from 'vitest';
import { connectRedis, type RunningRedis, redisBackends } from '../../test/support/redisBackends';
import { casesFor, type StoreUnderTest } from '../../test/support/storeConformance';
import type { SessionStore } from '../SessionStore';
import { memoryStore } from './memoryStore';
import { type RedisClient, sessionKeys } from './redisScripts';
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

describe.each(redisBackends)('redisStore conformance on $name', (backend) => {
  let running: RunningRedis;
  let client: RedisClient;
  const prefix = `conformance${process.pid}:`;
  beforeAll(async () => {
    running = await backend.start();
    client = connectRedis(running.target);
  }, 60_000);
  afterAll(async () => {
    client?.disconnect();
    await running?.stop();
  });
  const subject: StoreUnderTest = {
    store: (options = {}): SessionStore => redisStore({ client, keyPrefix: prefix, ...options }),
    async abandonLock(sessionId, leaseMs) {
      await client.set(sessionKeys(prefix, sessionId).lock, 'crashed-holder', 'PX', leaseMs);
    },
  };
  it.each(casesFor(subject).map((c) => [c.name, c] as const))('%s', (_name, c) => c.run(subject));
});
