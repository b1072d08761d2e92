// redisStore while Redis cannot answer for a moment, on a real redis-server: stopped and started
// again, or holding its clients' writes (`CLIENT PAUSE … WRITE`, which holds scripts too), as a
// Redis Cluster or a Sentinel set-up does while a replica is promoted (decision 0037). The whole
// failover, under load and with processes killed, is tested in @ussdkit/testing
// (test/failover/).
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../../test/support/redisServer';
import type { SessionRecord } from '../SessionStore';
import { sessionKeys } from './redisScripts';
import { redisStore } from './redisStore';
import { SessionLockTimeoutError, StoreUnavailableError } from './redisStoreErrors';

const record: SessionRecord = { flowVersion: 'v1', state: { screen: 'ask' } };
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
let count = 0;
const freshPrefix = (): string => `failover${process.pid}-${++count}:`;

let redis: TestRedis;
const clients: Redis[] = [];

async function client(): Promise<Redis> {
  const created = new Redis(redis.url, { enableOfflineQueue: false });
  created.on('error', () => {}); // the outage is asserted through the store
  clients.push(created);
  if (created.status !== 'ready') await once(created, 'ready');
  return created;
}

/** Holds every client's writes and scripts for `ms` (reads still pass). */
async function pauseWrites(ms: number): Promise<void> {
  const admin = await client();
  await admin.call('CLIENT', 'PAUSE', String(ms), 'WRITE');
}

beforeAll(async () => {
  redis = await startTestRedis({ own: true });
});
// Each test finds Redis running, whatever the one before did to it.
beforeEach(() => redis.start());
afterEach(() => {
  for (const created of clients.splice(0)) created.disconnect();
});
afterAll(async () => {
  await redis?.stop();
});

describe('redisStore while Redis cannot answer for a moment', () => {
  it("waits for Redis until the event's deadline, then runs the event", async () => {
    const raw = await client();
    const store = redisStore({ client: raw, keyPrefix: freshPrefix(), commandTimeoutMs: 200 });
    await redis.stop();
    const restarted = sleep(300).then(() => redis.start());
    const ran = await store.withLock('down', async () => store.load('down', ''), {
      deadline: Date.now() + 10_000,
    });
    await restarted;
    expect(ran).toBeUndefined();
  });

  it('gives up at the deadline with StoreUnavailableError, and at once on a lasting error', async () => {
    const raw = await client();
    const prefix = freshPrefix();
    const store = redisStore({ client: raw, keyPrefix: prefix, commandTimeoutMs: 100 });
    await pauseWrites(1_000);
    const late = store.withLock('paused', async () => 'ran', { deadline: Date.now() + 300 });
    await expect(late).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(late).rejects.toThrow(/Redis store unavailable \(lock\)/);
    // A lock that is not a string: Redis answers WRONGTYPE, which no wait would change.
    await raw.hset(sessionKeys(prefix, 'wrong').lock, 'a', 'b');
    const wrong = store.withLock('wrong', async () => 'ran', { deadline: Date.now() + 60_000 });
    await expect(wrong).rejects.toThrow(/WRONGTYPE/);
  });

  it('sends a write-and-release that went unanswered again, and counts the write once', async () => {
    const raw = await client();
    const prefix = freshPrefix();
    const store = redisStore({ client: raw, keyPrefix: prefix, commandTimeoutMs: 100 });
    const answer = await store.withLock(
      'commit',
      async () => {
        await store.save('commit', record);
        await pauseWrites(500);
        return 'answered';
      },
      { deadline: Date.now() + 10_000 },
    );
    expect(answer).toBe('answered');
    expect(await store.load('commit', '')).toEqual(record);
    expect(await raw.exists(sessionKeys(prefix, 'commit').lock)).toBe(0);
  });

  it('never lets a lock request it gave up on hold the session once Redis runs it', async () => {
    const raw = await client();
    const prefix = freshPrefix();
    // A lease far longer than the test: a lock left behind would refuse the next event.
    const options = { client: raw, keyPrefix: prefix, commandTimeoutMs: 100 };
    const gaveUp = redisStore({ ...options, lockTimeoutMs: 60_000 });
    await pauseWrites(700);
    const failed = gaveUp.withLock('orphan', async () => 'ran', { deadline: Date.now() + 300 });
    await expect(failed).rejects.toBeInstanceOf(StoreUnavailableError);
    // Redis runs the held requests when the pause ends, and the first takes the lock; the store
    // releases it as soon as their replies come back.
    const next = redisStore({ ...options, lockWaitMs: 3_000 });
    const ran = await next.withLock('orphan', async () => 'next event', {
      deadline: Date.now() + 10_000,
    });
    expect(ran).toBe('next event');
  });

  it('still refuses an event while another holds the lock, once Redis answers', async () => {
    const raw = await client();
    const prefix = freshPrefix();
    await raw.set(sessionKeys(prefix, 'held').lock, 'another-event', 'PX', 10_000);
    const store = redisStore({ client: raw, keyPrefix: prefix, lockWaitMs: 100 });
    const refused = store.withLock('held', async () => 'ran', { deadline: Date.now() + 3_000 });
    await expect(refused).rejects.toBeInstanceOf(SessionLockTimeoutError);
  });
});
