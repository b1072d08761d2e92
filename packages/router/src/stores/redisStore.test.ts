import { once } from 'node:events';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../../test/support/redisServer';
import type { SessionRecord } from '../SessionStore';
import { redisStore } from './redisStore';
import { SessionLockTimeoutError, StoreUnavailableError } from './redisStoreErrors';

const record: SessionRecord = { flowVersion: 'abc', state: { screen: 'menu', values: { n: 1 } } };
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let redis: TestRedis;
const clients: Redis[] = [];
let prefixCount = 0;

function client(url = redis.url): Redis {
  const created = new Redis(url);
  created.on('error', () => {}); // outages are asserted through the store
  clients.push(created);
  return created;
}
const freshPrefix = (): string => `test${process.pid}-${++prefixCount}:`;

beforeAll(async () => {
  redis = await startTestRedis();
});
afterEach(() => {
  for (const created of clients.splice(0)) created.disconnect();
});
afterAll(async () => {
  await redis?.stop();
});

describe('redisStore', () => {
  it('saves, loads and deletes a session', async () => {
    const store = redisStore({ client: client(), keyPrefix: freshPrefix() });
    expect(await store.load('s1', '')).toBeUndefined();
    expect(await store.save('s1', record)).toBeUndefined();
    expect(await store.load('s1', 'ignored')).toEqual(record);
    await store.delete('s1');
    expect(await store.load('s1', '')).toBeUndefined();
  });

  it('keeps sessions apart by key prefix and writes a TTL on every save', async () => {
    const shared = client();
    const a = redisStore({ client: shared, keyPrefix: freshPrefix(), ttlMs: 60_000 });
    const prefixB = freshPrefix();
    const b = redisStore({ client: shared, keyPrefix: prefixB });
    await a.save('s', record);
    expect(await b.load('s', '')).toBeUndefined();
    await b.save('s', record);
    const ttl = await shared.pttl(`${prefixB}session:s`);
    expect(ttl).toBeGreaterThan(170_000);
    expect(ttl).toBeLessThanOrEqual(180_000);
  });

  it('forgets a session once its TTL has passed', async () => {
    const store = redisStore({ client: client(), keyPrefix: freshPrefix(), ttlMs: 30 });
    await store.save('s', record);
    let loaded = await store.load('s', '');
    while (loaded !== undefined) {
      await sleep(10);
      loaded = await store.load('s', '');
    }
    expect(loaded).toBeUndefined();
  });

  it('serialises two clients contending on one session', async () => {
    const prefix = freshPrefix();
    const one = redisStore({ client: client(), keyPrefix: prefix });
    const two = redisStore({ client: client(), keyPrefix: prefix });
    const log: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const firstEntered = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const first = one.withLock('s', async () => {
      log.push('first in');
      entered();
      await held;
      log.push('first out');
      return 1;
    });
    await firstEntered;
    const second = two.withLock('s', async () => {
      log.push('second in');
      return 2;
    });
    await sleep(50);
    expect(log).toEqual(['first in']);
    release();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(log).toEqual(['first in', 'first out', 'second in']);
  });

  it('runs many contending events one at a time', async () => {
    const prefix = freshPrefix();
    const stores = [client(), client(), client()].map((c) =>
      redisStore({ client: c, keyPrefix: prefix }),
    );
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        stores[i % 3]?.withLock('s', async () => {
          inside += 1;
          most = Math.max(most, inside);
          await sleep(2);
          inside -= 1;
        }),
      ),
    );
    expect(most).toBe(1);
  });

  it('keeps the lock while a task runs longer than lockTimeoutMs', async () => {
    const prefix = freshPrefix();
    const one = redisStore({ client: client(), keyPrefix: prefix, lockTimeoutMs: 200 });
    const two = redisStore({
      client: client(),
      keyPrefix: prefix,
      lockTimeoutMs: 200,
      lockWaitMs: 5_000,
    });
    const log: string[] = [];
    let entered!: () => void;
    const firstEntered = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const first = one.withLock('s', async () => {
      log.push('first in');
      entered();
      await sleep(700);
      log.push('first out');
    });
    await firstEntered;
    const second = two.withLock('s', async () => {
      log.push('second in');
    });
    await Promise.all([first, second]);
    expect(log).toEqual(['first in', 'first out', 'second in']);
  });

  it('releases the lock when the task throws', async () => {
    const raw = client();
    const prefix = freshPrefix();
    const store = redisStore({ client: raw, keyPrefix: prefix });
    await expect(
      store.withLock('s', async () => {
        throw new Error('handler failed');
      }),
    ).rejects.toThrow('handler failed');
    expect(await raw.exists(`${prefix}lock:s`)).toBe(0);
    expect(await store.withLock('s', async () => 'next')).toBe('next');
  });

  it('never releases nor extends a lock it no longer holds', async () => {
    const raw = client();
    const prefix = freshPrefix();
    const store = redisStore({ client: raw, keyPrefix: prefix, lockTimeoutMs: 100 });
    await store.withLock('s', async () => {
      // As if our lock had expired and another process had taken it.
      await raw.set(`${prefix}lock:s`, 'someone-else', 'PX', 10_000);
      await sleep(120);
    });
    expect(await raw.get(`${prefix}lock:s`)).toBe('someone-else');
    expect(await raw.pttl(`${prefix}lock:s`)).toBeGreaterThan(9_000);
  });

  it('takes over the lock of a crashed holder once it expires', async () => {
    const raw = client();
    const prefix = freshPrefix();
    await raw.set(`${prefix}lock:s`, 'crashed-process', 'PX', 100);
    const store = redisStore({ client: raw, keyPrefix: prefix, lockTimeoutMs: 2_000 });
    expect(await store.withLock('s', async () => 'ran')).toBe('ran');
  });

  it('gives up with SessionLockTimeoutError when the lock stays taken', async () => {
    const raw = client();
    const prefix = freshPrefix();
    await raw.set(`${prefix}lock:s`, 'slow-process', 'PX', 10_000);
    const store = redisStore({ client: raw, keyPrefix: prefix, lockWaitMs: 60 });
    const failure = store.withLock('s', async () => 'never');
    await expect(failure).rejects.toBeInstanceOf(SessionLockTimeoutError);
    await expect(failure).rejects.toThrow(/session s stayed locked/);
  });
});

describe('redisStore during a Redis outage', () => {
  let own: TestRedis;
  beforeAll(async () => {
    own = await startTestRedis({ own: true });
  });
  afterAll(async () => {
    await own?.stop();
  });

  it('fails with StoreUnavailableError while Redis is down and works once it is back', async () => {
    const raw = client(own.url);
    const store = redisStore({ client: raw, commandTimeoutMs: 300 });
    await store.save('s', record);

    await own.stop();
    const load = store.load('s', '');
    await expect(load).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(load).rejects.toThrow(/Redis store unavailable \(load\)/);
    await expect(store.save('s', record)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.withLock('s', async () => 'x')).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );

    await own.start();
    if (raw.status !== 'ready') await once(raw, 'ready');
    // A fresh session: commands queued by ioredis during the outage may still land on 's'.
    expect(await store.load('after', '')).toBeUndefined();
    await store.save('after', record);
    expect(await store.withLock('after', () => store.load('after', ''))).toEqual(record);
  });
});
