import { once } from 'node:events';
import { Cluster, Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  connectRedis,
  type RedisTarget,
  type RunningRedis,
  redisBackends,
} from '../../test/support/redisBackends';
import { startTestRedisCluster, type TestRedisCluster } from '../../test/support/redisCluster';
import { type RoundTrips, watchRoundTrips } from '../../test/support/redisRoundTrips';
import { startTestRedis, type TestRedis } from '../../test/support/redisServer';
import { createApp } from '../createApp';
import type { SessionRecord } from '../SessionStore';
import { SessionLockLostError } from './durableObjectStoreErrors';
import { type RedisClient, sessionKeys } from './redisScripts';
import { redisStore } from './redisStore';
import { SessionLockTimeoutError, StoreUnavailableError } from './redisStoreErrors';

const record: SessionRecord = { flowVersion: 'abc', state: { screen: 'menu', values: { n: 1 } } };
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
let prefixCount = 0;
const freshPrefix = (): string => `test${process.pid}-${++prefixCount}:`;

/** The value of `attempt` once it stops failing with StoreUnavailableError (within 10 s). */
async function eventually<T>(attempt: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof StoreUnavailableError) || Date.now() - started > 10_000) throw error;
      await sleep(50);
    }
  }
}

/** The addresses of a target's servers, for commands a cluster client sends to one node only. */
function servers(target: RedisTarget): { host: string; port: number }[] {
  if (target.kind === 'cluster') return [...target.nodes];
  const url = new URL(target.url);
  return [{ host: url.hostname, port: Number(url.port || 6379) }];
}

it('refuses a keyPrefix with a brace, which would replace the session hash tag', () => {
  expect(() => redisStore({ client: {} as never, keyPrefix: 'shop{1}:' })).toThrow(TypeError);
  expect(() => redisStore({ client: {} as never, keyPrefix: 'shop:' })).not.toThrow();
});

describe.each(redisBackends)('redisStore on $name', (backend) => {
  let running: RunningRedis;
  let trips: RoundTrips;
  const clients: RedisClient[] = [];

  function client(): RedisClient {
    const created = connectRedis(running.target);
    created.on('error', () => {}); // outages are asserted through the store
    clients.push(created);
    return created;
  }

  beforeAll(async () => {
    running = await backend.start();
    trips = await watchRoundTrips(running.target);
  }, 60_000);
  afterEach(() => {
    for (const created of clients.splice(0)) created.disconnect();
  });
  afterAll(async () => {
    trips?.stop();
    await running?.stop();
  });

  it('saves, loads and deletes a session', async () => {
    const store = redisStore({ client: client(), keyPrefix: freshPrefix() });
    expect(await store.load('s1', '')).toBeUndefined();
    expect(await store.save('s1', record)).toBeUndefined();
    expect(await store.load('s1', 'ignored')).toEqual(record);
    await store.delete('s1');
    expect(await store.load('s1', '')).toBeUndefined();
  });

  it('keeps sessions apart by key prefix and writes a TTL on every save, under the lock too', async () => {
    const shared = client();
    const a = redisStore({ client: shared, keyPrefix: freshPrefix(), ttlMs: 60_000 });
    const prefixB = freshPrefix();
    const b = redisStore({ client: shared, keyPrefix: prefixB });
    await a.save('s', record);
    expect(await b.load('s', '')).toBeUndefined();
    await b.save('s', record);
    const { session } = sessionKeys(prefixB, 's');
    const ttl = await shared.pttl(session);
    expect(ttl).toBeGreaterThan(170_000);
    expect(ttl).toBeLessThanOrEqual(180_000);
    await shared.pexpire(session, 1_000);
    await b.withLock('s', () => b.save('s', record));
    expect(await shared.pttl(session)).toBeGreaterThan(170_000);
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

  it('costs two round trips per uncontended event, each a script called by its SHA', async () => {
    const raw = client();
    const store = redisStore({ client: raw, keyPrefix: freshPrefix() });
    const hop = (loaded: SessionRecord | undefined): number =>
      (loaded?.state as { hop?: number } | undefined)?.hop ?? 0;
    const event = (id: string, change: 'save' | 'delete') =>
      store.withLock(id, async () => {
        const loaded = await store.load(id, '');
        if (change === 'delete') await store.delete(id);
        else await store.save(id, { ...record, state: { hop: hop(loaded) + 1 } });
      });
    // The first call of each script on a connection sends it whole (EVAL), the next by SHA.
    await event('trips-1', 'save');
    expect(await trips.take('trips-1', raw)).toEqual(['eval', 'eval']);
    await event('trips-1', 'save');
    expect(await trips.take('trips-1', raw)).toEqual(['evalsha', 'evalsha']);
    expect(await store.load('trips-1', '')).toEqual({ ...record, state: { hop: 2 } });
    expect(await trips.take('trips-1', raw)).toEqual(['get']); // a load outside the lock
    await event('trips-1', 'delete');
    expect(await trips.take('trips-1', raw)).toEqual(['evalsha', 'evalsha']);
    // Nothing written: the lock is still released, in the same second trip. (On a cluster, this
    // session may live on another node, whose connection gets each script whole once.)
    await store.withLock('trips-2', async () => 'nothing written');
    expect(await trips.take('trips-2', raw)).toHaveLength(2);
    await store.withLock('trips-2', async () => 'nothing written');
    expect(await trips.take('trips-2', raw)).toEqual(['evalsha', 'evalsha']);
  });

  it('answers each event of an app in two round trips: new, continue, a replay, close', async () => {
    const raw = client();
    const app = createApp({
      state: z.object({ name: z.string().optional() }),
      start: 'ask',
      store: redisStore({ client: raw, keyPrefix: freshPrefix() }),
      screens: ({ input, info }) => ({
        ask: input({
          text: 'Name?',
          targets: ['bye'],
          next: (name, ctx) => {
            ctx.state.name = name;
            return ctx.go('bye');
          },
        }),
        bye: info({ text: (ctx) => `Bye ${ctx.state.name}` }),
      }),
    });
    const sessionId = 'app-trips';
    const post = async (event: string, body: object) => {
      const answer = await app.handle({
        path: `/ussdSessionEvent/${event}`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: 'c', appId: 'a', sessionId, ...body }),
      });
      return { answer, commands: await trips.take(sessionId, raw) };
    };
    const dial = await post('new', {
      msisdn: '+2348030000000',
      operator: 'mtn',
      input: { type: 'Dial', shortcodeString: '*384*1#' },
    });
    expect(dial.answer.body).toMatchObject({ action: { view: { message: 'Name?' } } });
    expect(dial.commands).toHaveLength(2);
    const input = { result: { type: 'InputResult', value: 'Ada' }, contextData: 'h1' };
    const answered = await post('continue', input);
    expect(answered.answer.body).toMatchObject({ action: { view: { message: 'Bye Ada' } } });
    expect(answered.commands).toEqual(['evalsha', 'evalsha']);
    const replayed = await post('continue', input);
    expect(replayed.answer).toEqual(answered.answer);
    expect(replayed.commands).toEqual(['evalsha', 'evalsha']);
    const closed = await post('close', { reason: { type: 'End' }, contextData: 'h2' });
    expect(closed.answer.status).toBe(204);
    expect(closed.commands).toEqual(['evalsha', 'evalsha']);
  });

  it('costs a waiting event one more round trip per poll, only while the lock is held', async () => {
    const raw = client();
    const prefix = freshPrefix();
    const holder = redisStore({ client: raw, keyPrefix: prefix });
    const waiter = redisStore({ client: raw, keyPrefix: prefix });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const first = holder.withLock('contended', async () => {
      entered();
      await held;
      await holder.save('contended', record);
    });
    await inside;
    const second = waiter.withLock('contended', () => waiter.load('contended', ''));
    await sleep(60);
    release();
    await first;
    expect(await second).toEqual(record);
    const commands = await trips.take('contended', raw);
    // The holder's two, the waiter's release, and its lock attempts: at least one refused.
    expect(commands.length).toBeGreaterThanOrEqual(5);
  });

  it('writes a save made under the lock with the release, not before', async () => {
    const prefix = freshPrefix();
    const store = redisStore({ client: client(), keyPrefix: prefix });
    const other = redisStore({ client: client(), keyPrefix: prefix });
    await store.save('deferred', record);
    const changed: SessionRecord = { ...record, state: 'changed' };
    await store.withLock('deferred', async () => {
      await store.save('deferred', changed);
      expect(await store.load('deferred', '')).toEqual(changed);
      expect(await other.load('deferred', '')).toEqual(record);
    });
    expect(await other.load('deferred', '')).toEqual(changed);
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
      await one.save('s', record);
      log.push('first out');
    });
    await firstEntered;
    const second = two.withLock('s', async () => {
      log.push('second in');
      return two.load('s', '');
    });
    const [, seen] = await Promise.all([first, second]);
    expect(log).toEqual(['first in', 'first out', 'second in']);
    expect(seen).toEqual(record);
  });

  it('releases the lock and keeps what was saved when the task throws', async () => {
    const raw = client();
    const prefix = freshPrefix();
    const store = redisStore({ client: raw, keyPrefix: prefix });
    await expect(
      store.withLock('s', async () => {
        await store.save('s', record);
        throw new Error('handler failed');
      }),
    ).rejects.toThrow('handler failed');
    expect(await raw.exists(sessionKeys(prefix, 's').lock)).toBe(0);
    expect(await store.withLock('s', () => store.load('s', ''))).toEqual(record);
  });

  it('never releases nor extends a lock it no longer holds', async () => {
    const raw = client();
    const prefix = freshPrefix();
    const { lock } = sessionKeys(prefix, 's');
    const store = redisStore({ client: raw, keyPrefix: prefix, lockTimeoutMs: 100 });
    await store.withLock('s', async () => {
      // As if our lock had expired and another process had taken it.
      await raw.set(lock, 'someone-else', 'PX', 10_000);
      await sleep(120);
    });
    expect(await raw.get(lock)).toBe('someone-else');
    expect(await raw.pttl(lock)).toBeGreaterThan(9_000);
  });

  it('writes nothing once the lock was taken over, and fails with SessionLockLostError', async () => {
    const raw = client();
    const prefix = freshPrefix();
    const { lock } = sessionKeys(prefix, 'lost');
    const store = redisStore({ client: raw, keyPrefix: prefix });
    await store.save('lost', record);
    const failure = store.withLock('lost', async () => {
      await store.save('lost', { ...record, state: 'late' });
      // As if our lease had run out and another event had taken the lock.
      await raw.set(lock, 'someone-else', 'PX', 10_000);
      return 'answer';
    });
    await expect(failure).rejects.toBeInstanceOf(SessionLockLostError);
    await expect(failure).rejects.toMatchObject({ code: 'SESSION_LOCK_LOST', sessionId: 'lost' });
    expect(await store.load('lost', '')).toEqual(record);
    expect(await raw.get(lock)).toBe('someone-else');
  });

  it('takes over the lock of a crashed holder once it expires', async () => {
    const raw = client();
    const prefix = freshPrefix();
    await raw.set(sessionKeys(prefix, 's').lock, 'crashed-process', 'PX', 100);
    const store = redisStore({ client: raw, keyPrefix: prefix, lockTimeoutMs: 2_000 });
    expect(await store.withLock('s', async () => 'ran')).toBe('ran');
  });

  it('gives up with SessionLockTimeoutError when the lock stays taken', async () => {
    const raw = client();
    const prefix = freshPrefix();
    await raw.set(sessionKeys(prefix, 's').lock, 'slow-process', 'PX', 10_000);
    const store = redisStore({ client: raw, keyPrefix: prefix, lockWaitMs: 60 });
    const failure = store.withLock('s', async () => 'never');
    await expect(failure).rejects.toBeInstanceOf(SessionLockTimeoutError);
    await expect(failure).rejects.toThrow(/session s stayed locked/);
  });

  it('sends its scripts whole again when Redis forgot them (SCRIPT FLUSH)', async () => {
    const raw = client();
    const store = redisStore({ client: raw, keyPrefix: freshPrefix() });
    const event = () => store.withLock('flushed', () => store.save('flushed', record));
    await event();
    await event();
    await trips.take('flushed', raw);
    for (const { host, port } of servers(running.target)) {
      const node = new Redis(port, host);
      await node.script('FLUSH');
      node.disconnect();
    }
    // Each script once refused (NOSCRIPT) and sent whole: this event only costs more.
    await event();
    expect(await trips.take('flushed', raw)).toEqual(['evalsha', 'eval', 'evalsha', 'eval']);
    await event();
    expect(await trips.take('flushed', raw)).toEqual(['evalsha', 'evalsha']);
    expect(await store.load('flushed', '')).toEqual(record);
  });

  it("keeps a session's keys in one slot whatever its id", async () => {
    const raw = client();
    const prefix = freshPrefix();
    const store = redisStore({ client: raw, keyPrefix: prefix });
    for (const id of ['plain', 'a}b', 'x{y}', '{z}', 'ünï:çödé', '123456789012345678']) {
      await store.withLock(id, async () => {
        expect(await store.load(id, '')).toBeUndefined();
        await store.save(id, record);
      });
      expect(await store.withLock(id, () => store.load(id, ''))).toEqual(record);
      const keys = sessionKeys(prefix, id);
      expect(await raw.exists(keys.session)).toBe(1);
      if (backend.kind === 'cluster') {
        expect(await raw.cluster('KEYSLOT', keys.lock)).toBe(
          await raw.cluster('KEYSLOT', keys.session),
        );
      }
    }
  });
});

describe('redisStore during a Redis outage', () => {
  let own: TestRedis;
  const clients: Redis[] = [];
  const client = (): Redis => {
    const created = new Redis(own.url);
    created.on('error', () => {}); // the outage is asserted through the store
    clients.push(created);
    return created;
  };
  beforeAll(async () => {
    own = await startTestRedis({ own: true });
  });
  afterEach(() => {
    for (const created of clients.splice(0)) created.disconnect();
  });
  afterAll(async () => {
    await own?.stop();
  });

  it('fails with StoreUnavailableError while Redis is down and works once it is back', async () => {
    const raw = client();
    const store = redisStore({ client: raw, commandTimeoutMs: 300 });
    await store.save('s', record);

    await own.stop();
    const load = store.load('s', '');
    await expect(load).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(load).rejects.toThrow(/Redis store unavailable \(load\)/);
    await expect(store.save('s', record)).rejects.toBeInstanceOf(StoreUnavailableError);
    const locked = store.withLock('s', async () => 'x');
    await expect(locked).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(locked).rejects.toThrow(/Redis store unavailable \(lock\)/);

    await own.start();
    if (raw.status !== 'ready') await once(raw, 'ready');
    // A fresh session: commands queued by ioredis during the outage may still land on 's'.
    expect(await store.load('after', '')).toBeUndefined();
    await store.save('after', record);
    expect(await store.withLock('after', () => store.load('after', ''))).toEqual(record);
  });

  it('fails the event when its write cannot be released, and passes a task error on', async () => {
    const raw = client();
    if (raw.status !== 'ready') await once(raw, 'ready');
    const store = redisStore({ client: raw, commandTimeoutMs: 300 });
    const saved = store.withLock('cut', async () => {
      await store.save('cut', record);
      await own.stop();
      return 'answer';
    });
    await expect(saved).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(saved).rejects.toThrow(/Redis store unavailable \(save\)/);
    await own.start();
    if (raw.status !== 'ready') await once(raw, 'ready');

    const failed = store.withLock('cut-2', async () => {
      await store.save('cut-2', record);
      await own.stop();
      throw new Error('handler failed');
    });
    await expect(failed).rejects.toThrow('handler failed');
    await own.start();
    if (raw.status !== 'ready') await once(raw, 'ready');
    expect(await store.withLock('after-cut', async () => 'works')).toBe('works');
  });
});

describe('redisStore when a node of a Redis Cluster is down', () => {
  let cluster: TestRedisCluster;
  let client: Cluster;
  beforeAll(async () => {
    cluster = await startTestRedisCluster();
    // As docs/scaling.md recommends: no offline queue (ioredis manages its nodes' own).
    client = new Cluster([...cluster.nodes], { enableOfflineQueue: false });
    client.on('error', () => {}); // the outage is asserted through the store
    await once(client, 'ready');
  }, 60_000);
  afterAll(async () => {
    client?.disconnect();
    await cluster?.stop();
  });

  it("fails the sessions of that node's slots with StoreUnavailableError, then goes on", async () => {
    const store = redisStore({ client, keyPrefix: freshPrefix(), commandTimeoutMs: 300 });
    await store.withLock('s', () => store.save('s', record));
    const slot = Number(await client.cluster('KEYSLOT', '{s}'));
    const ranges = await client.cluster('SLOTS');
    const owner = ranges.find(([first, last]) => slot >= first && slot <= last)?.[2]?.[1];
    expect(owner).toBeTypeOf('number');

    await cluster.stopNode(owner as number);
    await expect(store.load('s', '')).rejects.toBeInstanceOf(StoreUnavailableError);
    const locked = store.withLock('s', async () => 'x');
    await expect(locked).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(locked).rejects.toThrow(/Redis store unavailable \(lock\)/);

    await cluster.startNode(owner as number);
    // The node kept the session (append-only file): an event finds it once ioredis has
    // reconnected to the node (until then, with no offline queue, the store fails fast).
    expect(await eventually(() => store.withLock('s', () => store.load('s', '')))).toEqual(record);
  });
});
