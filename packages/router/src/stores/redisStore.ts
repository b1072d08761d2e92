import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { SessionRecord, SessionStore } from '../SessionStore';
import { SessionLockTimeoutError, StoreUnavailableError } from './redisStoreErrors';

/**
 * Options of {@link redisStore}.
 *
 * @example
 * ```ts
 * redisStore({ client: new Redis(url), keyPrefix: 'shop:', ttlMs: 300_000 });
 * ```
 */
export interface RedisStoreOptions {
  /** An ioredis client (`new Redis(url)`); the store never closes it. */
  readonly client: Redis;
  /**
   * Prefix of every key the store writes (`<prefix>session:<id>`, `<prefix>lock:<id>`).
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

/** Extends the lock only if it still holds our token. */
const extendScript =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

/** Deletes the lock only if it still holds our token (never another holder's lock). */
const releaseScript =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function isRecord(value: unknown): value is SessionRecord {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { flowVersion?: unknown }).flowVersion === 'string'
  );
}

/**
 * A session store in Redis (through ioredis), for several app instances behind one gateway:
 * sessions expire after `ttlMs`, and one event at a time is handled per session across all
 * processes (a `SET NX PX` lock with a random token, released by compare-and-delete, waited for
 * with backoff). When Redis is down, every operation fails fast with {@link StoreUnavailableError}.
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
  const ttlMs = options.ttlMs ?? 180_000;
  const lockTimeoutMs = options.lockTimeoutMs ?? 5_000;
  const lockWaitMs = options.lockWaitMs ?? 1_000;
  const commandTimeoutMs = options.commandTimeoutMs ?? 1_000;
  const sessionKey = (id: string): string => `${prefix}session:${id}`;
  const lockKey = (id: string): string => `${prefix}lock:${id}`;

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

  async function acquire(sessionId: string, token: string): Promise<void> {
    const started = Date.now();
    let delay = 5;
    for (;;) {
      const taken = await command('lock', () =>
        client.set(lockKey(sessionId), token, 'PX', lockTimeoutMs, 'NX'),
      );
      if (taken === 'OK') return;
      const waited = Date.now() - started;
      if (waited >= lockWaitMs) throw new SessionLockTimeoutError(sessionId, waited);
      await sleep(Math.min(delay + Math.random() * delay, lockWaitMs - waited));
      delay = Math.min(delay * 2, 100);
    }
  }

  return {
    lockWaitMs,
    async load(sessionId) {
      const raw = await command('load', () => client.get(sessionKey(sessionId)));
      if (raw === null) return undefined;
      try {
        const parsed: unknown = JSON.parse(raw);
        return isRecord(parsed) ? parsed : undefined;
      } catch {
        return undefined;
      }
    },
    async save(sessionId, record) {
      const json = JSON.stringify(record);
      await command('save', () => client.set(sessionKey(sessionId), json, 'PX', ttlMs));
      return undefined;
    },
    async delete(sessionId) {
      await command('delete', () => client.del(sessionKey(sessionId)));
    },
    async withLock(sessionId, task) {
      const token = randomUUID();
      await acquire(sessionId, token);
      const extend = (): Promise<unknown> =>
        client.eval(extendScript, 1, lockKey(sessionId), token, lockTimeoutMs).catch(() => 0);
      const watchdog = setInterval(extend, Math.max(1, Math.floor(lockTimeoutMs / 2)));
      try {
        return await task();
      } finally {
        clearInterval(watchdog);
        // A failed release is harmless: the lock expires after lockTimeoutMs.
        await command('unlock', () =>
          client.eval(releaseScript, 1, lockKey(sessionId), token),
        ).catch(() => undefined);
      }
    },
  };
}
