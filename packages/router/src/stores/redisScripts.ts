import type { Cluster, Redis } from 'ioredis';

/** What `redisStore` accepts: a single Redis (`new Redis(url)`) or a Redis Cluster client. */
export type RedisClient = Redis | Cluster;

/**
 * A session's two keys. The session id is the hash tag (`{<id>}`): Redis Cluster hashes only
 * what is between the first `{` and the next `}`, so both keys sit in one slot, which a script
 * touching both requires. (Session ids are never empty on the wire: `{}` would not be a tag.)
 */
export interface SessionKeys {
  /** The lock: the holder's random token, with a lease (`PX`). */
  readonly lock: string;
  /** The record, as JSON, with a TTL (`PX`). */
  readonly session: string;
}

/** The keys of a session: `<prefix>lock:{<id>}` and `<prefix>session:{<id>}`. */
export function sessionKeys(prefix: string, sessionId: string): SessionKeys {
  return { lock: `${prefix}lock:{${sessionId}}`, session: `${prefix}session:{${sessionId}}` };
}

/**
 * The key of a caller's session kept for `resume`: `<prefix>resume:{<msisdn>}`, the msisdn as
 * its hash tag (it is touched alone, by one command: `SET PX` to keep, `GETDEL` to take).
 */
export function resumeKey(prefix: string, msisdn: string): string {
  return `${prefix}resume:{${msisdn}}`;
}

/**
 * Takes the lock and reads the record in one trip. KEYS: lock, session. ARGV: token, lease (ms).
 * Returns `{1, record or nil}` when the lock is taken, `{0}` when another event holds it. A lock
 * that already holds the token is the event's own (an earlier try of the same event, sent again
 * through a failover, got there first): it is taken again, its lease renewed.
 */
const lockAndLoad = `
local held = redis.call('get', KEYS[1])
if held and held ~= ARGV[1] then return {0} end
redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
return {1, redis.call('get', KEYS[2])}`;

/**
 * Writes what the holder did and releases the lock in one trip, only while the lock still holds
 * the holder's token (a holder whose lease ran out and was taken over writes nothing).
 * KEYS: lock, session. ARGV: token, `save` | `delete` | `none`, TTL (ms), record JSON.
 * Returns 1 when done, 0 when the lock was no longer the holder's (nothing written).
 */
const commit = `
if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == 'save' then
  redis.call('set', KEYS[2], ARGV[4], 'PX', ARGV[3])
elseif ARGV[2] == 'delete' then
  redis.call('del', KEYS[2])
end
redis.call('del', KEYS[1])
return 1`;

/** Extends the lock's lease while it holds the token. KEYS: lock. ARGV: token, lease (ms). */
const renew = `
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0`;

/** One script as the store calls it: its keys and arguments, answered with Redis's reply. */
export type ScriptCall = (...keysThenArgs: (string | number)[]) => Promise<unknown>;

/** The store's scripts, defined on its client. */
export interface RedisScripts {
  readonly lockAndLoad: ScriptCall;
  readonly commit: ScriptCall;
  readonly renew: ScriptCall;
}

/**
 * Defines the scripts on the client with ioredis's `defineCommand`: each is sent whole once per
 * connection (`EVAL`), then by its SHA1 (`EVALSHA`), and sent whole again should Redis answer
 * `NOSCRIPT` (its script cache flushed). On a cluster, ioredis does so per node. The commands
 * are named `ussdkit…` on the client; defining them again (a second store on one client) is
 * harmless.
 */
export function defineRedisScripts(client: RedisClient): RedisScripts {
  const define = (name: string, numberOfKeys: number, lua: string): ScriptCall => {
    client.defineCommand(name, { numberOfKeys, lua });
    const command: unknown = Reflect.get(client, name);
    if (typeof command !== 'function') {
      throw new TypeError(`redisStore: the client did not define the ${name} script`);
    }
    return (...keysThenArgs) => {
      const reply: unknown = command.apply(client, keysThenArgs);
      return Promise.resolve(reply);
    };
  };
  return {
    lockAndLoad: define('ussdkitLockAndLoad', 2, lockAndLoad),
    commit: define('ussdkitCommit', 2, commit),
    renew: define('ussdkitRenewLock', 1, renew),
  };
}
