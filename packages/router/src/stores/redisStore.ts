import { randomUUID } from 'node:crypto';
import type { SessionRecord, SessionStore } from '../SessionStore';
import { SessionLockLostError } from './durableObjectStoreErrors';
import {
  defineRedisScripts,
  type RedisClient,
  type RedisScripts,
  resumeKey,
  type SessionKeys,
  sessionKeys,
} from './redisScripts';
import { SessionLockTimeoutError, StoreUnavailableError } from './redisStoreErrors';

export type { RedisClient } from './redisScripts';

/**
 * Options of {@link redisStore}.
 *
 * @example
 * ```ts
 * redisStore({ client: new Redis(url), keyPrefix: 'shop:', ttlMs: 300_000 });
 * ```
 */
export interface RedisStoreOptions {
  /**
   * An ioredis client: `new Redis(url)`, or `new Redis.Cluster(nodes)` for a Redis Cluster. The
   * store never closes it.
   */
  readonly client: RedisClient;
  /**
   * Prefix of every key the store writes (`<prefix>session:{<id>}`, `<prefix>lock:{<id>}`: the
   * session id in braces is the Redis Cluster hash tag; and, for `resume`,
   * `<prefix>resume:{<msisdn>}`). No braces in it: they would take the place of the tag.
   * @defaultValue `'ussdkit:'`
   */
  readonly keyPrefix?: string;
  /**
   * How long a session is kept after its last event, slightly above the 120 s session limit.
   * @defaultValue `180_000`
   */
  readonly ttlMs?: number;
  /**
   * How long a session lock lives when its holder never releases it (a crashed process). While
   * the holder runs, the lock is extended every half of this.
   * @defaultValue `5_000`
   */
  readonly lockTimeoutMs?: number;
  /**
   * How long an event waits for the lock held by another event of the same session before it
   * fails with {@link SessionLockTimeoutError} (the customer sees `messages.busy` and may answer
   * again). With the default `deadlineMs` (3500) it keeps the whole answer under the gateway's
   * 5 s; `createApp` refuses a sum past that.
   * @defaultValue `1_000`
   */
  readonly lockWaitMs?: number;
  /**
   * How long one Redis command may take before the store gives up with
   * {@link StoreUnavailableError} (ioredis would otherwise queue it while reconnecting).
   * @defaultValue `1_000`
   */
  readonly commandTimeoutMs?: number;
}

/** What the holder of a session's lock knows: the record as locked, and its writes since. */
interface Holding {
  readonly token: string;
  /** The record's JSON read with the lock (`null`: no session). */
  readonly json: string | null;
  /** What the task saved (its JSON, a copy by JSON's rules) or deleted, written on release. */
  write?: { readonly json: string } | 'delete';
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function parseRecord(json: string | null): SessionRecord | undefined {
  if (json === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as { flowVersion?: unknown }).flowVersion === 'string'
      ? (parsed as SessionRecord)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A session store in Redis (through ioredis), for several app instances behind one gateway:
 * sessions expire after `ttlMs`, and one event at a time is handled per session across all
 * processes (a `SET NX PX` lock with a random token, waited for with backoff). Two round trips
 * per event, each one Lua script called by its SHA: the lock is taken and the record read in the
 * first; what the event saved (or deleted) is written and the lock released in the second, only
 * while the lock is still the event's. A session's keys share a hash tag, so it runs on a Redis
 * Cluster too. When Redis is down, every operation fails fast with {@link StoreUnavailableError}.
 *
 * @example
 * ```ts
 * import { Redis } from 'ioredis';
 * const app = createApp({
 *   ...options,
 *   store: redisStore({ client: new Redis(process.env.REDIS_URL) }),
 * });
 * ```
 */
export function redisStore(options: RedisStoreOptions): SessionStore {
  const { client } = options;
  const prefix = options.keyPrefix ?? 'ussdkit:';
  if (/[{}]/.test(prefix)) {
    throw new TypeError(
      `redisStore: keyPrefix ${JSON.stringify(prefix)} has a brace; the session id in braces is ` +
        'the Redis Cluster hash tag of its keys, and a brace before it would replace it',
    );
  }
  const ttlMs = options.ttlMs ?? 180_000;
  const lockTimeoutMs = options.lockTimeoutMs ?? 5_000;
  const lockWaitMs = options.lockWaitMs ?? 1_000;
  const commandTimeoutMs = options.commandTimeoutMs ?? 1_000;
  // Defined on the client at the first event, not before: making the store touches nothing.
  let defined: RedisScripts | undefined;
  const scripts = (): RedisScripts => (defined ??= defineRedisScripts(client));
  // The sessions this store holds the lock of, so that `load`, `save` and `delete` under the
  // lock cost no trip of their own. One entry per session: the lock is granted to one event at a
  // time. (Only an event that outlived its lease, while the event that took it over runs in this
  // same store, would find the other's entry; in another process, the late event's write is
  // refused.)
  const holders = new Map<string, Holding>();

  async function command<T>(what: string, run: () => Promise<T>): Promise<T> {
    if (client.status === 'end' || client.status === 'close' || client.status === 'reconnecting') {
      throw new StoreUnavailableError(
        `Redis store unavailable (${what}): connection ${client.status}`,
      );
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new StoreUnavailableError(
              `Redis store unavailable (${what}): no answer within ${commandTimeoutMs} ms`,
            ),
          ),
        commandTimeoutMs,
      );
    });
    try {
      return await Promise.race([run(), timeout]);
    } catch (error) {
      if (error instanceof StoreUnavailableError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new StoreUnavailableError(`Redis store unavailable (${what}): ${reason}`, {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  /** Takes the lock and reads the record: one trip, and one more per poll while it is held. */
  async function lock(sessionId: string, keys: SessionKeys, token: string): Promise<string | null> {
    const started = Date.now();
    let delay = 5;
    for (;;) {
      const reply = await command('lock', () =>
        scripts().lockAndLoad(keys.lock, keys.session, token, lockTimeoutMs),
      );
      if (Array.isArray(reply) && reply[0] === 1) {
        const json: unknown = reply[1];
        return typeof json === 'string' ? json : null;
      }
      const waited = Date.now() - started;
      if (waited >= lockWaitMs) throw new SessionLockTimeoutError(sessionId, waited);
      await sleep(Math.min(delay + Math.random() * delay, lockWaitMs - waited));
      delay = Math.min(delay * 2, 100);
    }
  }

  /** Writes the holder's save or delete and releases the lock: one trip. */
  async function commit(sessionId: string, keys: SessionKeys, holding: Holding): Promise<void> {
    const { token, write } = holding;
    const [what, op, json] =
      write === undefined
        ? ['unlock', 'none', '']
        : write === 'delete'
          ? ['delete', 'delete', '']
          : ['save', 'save', write.json];
    const done = await command(what, () =>
      scripts().commit(keys.lock, keys.session, token, op, ttlMs, json),
    );
    if (done !== 1 && write !== undefined) throw new SessionLockLostError(sessionId);
  }

  return {
    lockWaitMs,
    async load(sessionId) {
      const holding = holders.get(sessionId);
      if (holding === undefined) {
        const { session } = sessionKeys(prefix, sessionId);
        return parseRecord(await command('load', () => client.get(session)));
      }
      if (holding.write === 'delete') return undefined;
      return parseRecord(holding.write?.json ?? holding.json);
    },
    async save(sessionId, record) {
      const json = JSON.stringify(record);
      const holding = holders.get(sessionId);
      // Under the lock, the write waits for the release: one trip, not two.
      if (holding !== undefined) holding.write = { json };
      else {
        const { session } = sessionKeys(prefix, sessionId);
        await command('save', () => client.set(session, json, 'PX', ttlMs));
      }
      return undefined;
    },
    async delete(sessionId) {
      const holding = holders.get(sessionId);
      if (holding !== undefined) holding.write = 'delete';
      else {
        const { session } = sessionKeys(prefix, sessionId);
        await command('delete', () => client.del(session));
      }
    },
    async saveResume(msisdn, record, keepMs) {
      const key = resumeKey(prefix, msisdn);
      await command('keep for resume', () => client.set(key, JSON.stringify(record), 'PX', keepMs));
    },
    async takeResume(msisdn) {
      // GETDEL (Redis 6.2+): of two dials at once, only one gets the session back.
      const key = resumeKey(prefix, msisdn);
      return parseRecord(await command('take for resume', () => client.getdel(key)));
    },
    async withLock<T>(sessionId: string, task: () => Promise<T>): Promise<T> {
      const keys = sessionKeys(prefix, sessionId);
      const token = randomUUID();
      const holding: Holding = { token, json: await lock(sessionId, keys, token) };
      holders.set(sessionId, holding);
      // Only an event slower than half the lease renews it; a renewal that fails shows on
      // release, as a lock lost (its write refused) if another event took the lock meanwhile.
      const renewal = setInterval(
        () =>
          void command('renew', () => scripts().renew(keys.lock, token, lockTimeoutMs)).catch(
            () => undefined,
          ),
        Math.max(1, Math.floor(lockTimeoutMs / 2)),
      );
      let result: { value: T } | { error: unknown };
      try {
        result = { value: await task() };
      } catch (error) {
        result = { error };
      } finally {
        clearInterval(renewal);
        if (holders.get(sessionId) === holding) holders.delete(sessionId);
      }
      // Writes made before a throw are kept, as in the other stores. A failed release with
      // nothing to write is harmless (the lock expires after lockTimeoutMs); a failed write is
      // the event's failure (nothing of it was saved), unless the task failed first.
      const committed = commit(sessionId, keys, holding);
      if ('error' in result) {
        await committed.catch(() => undefined);
        throw result.error;
      }
      if (holding.write === undefined) await committed.catch(() => undefined);
      else await committed;
      return result.value;
    },
  };
}
