import type { SessionRecord, SessionStore, WithLockOptions } from '../SessionStore';
import { redisCommands } from './redisCommands';
import {
  defineRedisScripts,
  type RedisClient,
  type RedisScripts,
  resumeKey,
  sessionKeys,
} from './redisScripts';
import { type Holding, redisSessionLock } from './redisSessionLock';
import type { SessionLockTimeoutError, StoreUnavailableError } from './redisStoreErrors';
import { runUnderLock } from './runUnderLock';

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
   * How long the store waits for one try of a Redis command. A try that fails because Redis
   * cannot answer (no connection, a failover under way) is sent again: under an event's lock
   * until the event's deadline (the router passes it), elsewhere for this long in all; then the
   * store fails with {@link StoreUnavailableError}.
   * @defaultValue `1_000`
   */
  readonly commandTimeoutMs?: number;
}

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
 * Cluster too. While Redis cannot answer (a primary failing over, a restart), an event's commands
 * are sent again until the event's deadline, so a failover shorter than it only makes the answer
 * slower; past it, or on a lasting error, the store fails with {@link StoreUnavailableError}.
 * A lock request it stopped waiting for never keeps the session locked (decision 0037).
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

  const commands = redisCommands(client, commandTimeoutMs);
  const lock = redisSessionLock({
    client,
    scripts,
    commands,
    ttlMs,
    lockTimeoutMs,
    lockWaitMs,
    commandTimeoutMs,
  });
  /** A command outside an event's lock: tried again while it fails transiently, for one timeout. */
  const command = <T>(what: string, run: () => Promise<T>): Promise<T> =>
    commands.retried(what, run, Date.now() + commandTimeoutMs);

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
    async withLock<T>(
      sessionId: string,
      task: () => Promise<T>,
      options?: WithLockOptions,
    ): Promise<T> {
      // Without the event's deadline, Redis gets one command's time to answer, as outside a lock.
      const until = options?.deadline ?? Date.now() + commandTimeoutMs;
      const holding = await lock.take(sessionId, sessionKeys(prefix, sessionId), until);
      return runUnderLock({
        sessionId,
        holding,
        holders,
        task,
        stopRenewing: lock.renew(holding),
        // The release may wait out a failover until the event's deadline, and for one command's
        // time at least.
        commit: () => lock.commit(holding, Math.max(until, Date.now() + commandTimeoutMs)),
      });
    },
  };
}
