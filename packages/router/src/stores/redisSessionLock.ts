import { randomUUID } from 'node:crypto';
import { SessionLockLostError } from './durableObjectStoreErrors';
import type { RedisCommands } from './redisCommands';
import { lockTaken, type RedisLockRequests, redisLockRequests } from './redisLockRequests';
import type { RedisClient, RedisScripts, SessionKeys } from './redisScripts';
import { SessionLockTimeoutError } from './redisStoreErrors';

/** A session's lock as one event holds it: the record as locked, and the event's writes since. */
export interface Holding {
  readonly sessionId: string;
  readonly keys: SessionKeys;
  /** The event's random token, the lock's value while the event holds it. */
  readonly token: string;
  /** The record's JSON read with the lock (`null`: no session). */
  readonly json: string | null;
  /** What the task saved (its JSON, a copy by JSON's rules) or deleted, written on release. */
  write?: { readonly json: string } | 'delete';
  readonly requests: RedisLockRequests;
}

/** What the lock needs of its store. */
export interface RedisSessionLockSettings {
  readonly client: RedisClient;
  readonly scripts: () => RedisScripts;
  readonly commands: RedisCommands;
  readonly ttlMs: number;
  readonly lockTimeoutMs: number;
  readonly lockWaitMs: number;
  readonly commandTimeoutMs: number;
}

/** A session lock in Redis, from {@link redisSessionLock}. */
export interface RedisSessionLock {
  /**
   * Takes the lock and reads the record: one trip, and one more per poll while another event
   * holds it (for up to `lockWaitMs`), or per try while Redis cannot answer (until `until`).
   */
  take(sessionId: string, keys: SessionKeys, until: number): Promise<Holding>;
  /** Extends the lease every half of it while the event runs; returns what stops it. */
  renew(holding: Holding): () => void;
  /**
   * Writes the holder's save or delete and releases the lock: one trip, tried again while Redis
   * cannot answer (until `until`). A try that went unanswered may have run: when a later one
   * finds the lock gone, the record tells whether the write was made.
   */
  commit(holding: Holding, until: number): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The per-session lock of `redisStore`: a key holding the event's random token with a lease,
 * taken by one script (which reads the record too) and released by another (which writes what
 * the event did, only while the key holds the token). Through a failover each is sent again
 * until the event's deadline; the requests left behind are watched by {@link redisLockRequests}.
 */
export function redisSessionLock(settings: RedisSessionLockSettings): RedisSessionLock {
  const { client, scripts, ttlMs, lockTimeoutMs, lockWaitMs, commandTimeoutMs } = settings;
  const { retried } = settings.commands;

  /** Deletes the lock while it holds `token`, in the background, retried for a lease. */
  const release = (keys: SessionKeys, token: string): void =>
    void retried(
      'release',
      () => scripts().commit(keys.lock, keys.session, token, 'none', ttlMs, ''),
      Date.now() + lockTimeoutMs,
    ).catch(() => undefined);

  async function load(
    sessionId: string,
    keys: SessionKeys,
    token: string,
    until: number,
    requests: RedisLockRequests,
  ): Promise<string | null> {
    const started = Date.now();
    let contended: number | undefined;
    let delay = 5;
    for (;;) {
      // Once another event holds the lock, each poll is a command of its own, with its own time.
      const bound =
        contended === undefined ? until : Math.max(until, Date.now() + commandTimeoutMs);
      const reply = await retried(
        'lock',
        () => scripts().lockAndLoad(keys.lock, keys.session, token, lockTimeoutMs),
        bound,
        (sent) => requests.watch(sent),
      );
      if (lockTaken(reply)) {
        requests.won();
        const json: unknown = (reply as unknown[])[1];
        return typeof json === 'string' ? json : null;
      }
      // The wait for another event counts from when Redis first said so: time spent waiting
      // for Redis itself comes out of the event's deadline, not out of the lock wait.
      contended ??= Date.now();
      const giveUp = Math.min(contended + lockWaitMs, Math.max(until, started + lockWaitMs));
      const now = Date.now();
      if (now >= giveUp) throw new SessionLockTimeoutError(sessionId, now - started);
      await sleep(Math.min(delay + Math.random() * delay, giveUp - now));
      delay = Math.min(delay * 2, 100);
    }
  }

  async function write(holding: Holding, until: number): Promise<void> {
    const { sessionId, keys, token, write } = holding;
    const [what, op, json] =
      write === undefined
        ? ['unlock', 'none', '']
        : write === 'delete'
          ? ['delete', 'delete', '']
          : ['save', 'save', write.json];
    let tries = 0;
    const done = await retried(
      what,
      () => scripts().commit(keys.lock, keys.session, token, op, ttlMs, json),
      until,
      () => {
        tries += 1;
      },
    );
    if (done === 1 || write === undefined) return;
    if (tries > 1) {
      const stored = await retried('check the write', () => client.get(keys.session), until);
      if (stored === (write === 'delete' ? null : write.json)) return;
    }
    throw new SessionLockLostError(sessionId);
  }

  return {
    async take(sessionId, keys, until) {
      const token = randomUUID();
      const requests = redisLockRequests(() => release(keys, token));
      try {
        const json = await load(sessionId, keys, token, until, requests);
        return { sessionId, keys, token, json, requests };
      } catch (error) {
        requests.end(false);
        throw error;
      }
    },
    renew({ keys, token }) {
      // Only an event slower than half the lease renews it; a renewal that fails shows on
      // release, as a lock lost (its write refused) if another event took the lock meanwhile.
      const renewal = setInterval(
        () =>
          void retried(
            'renew',
            () => scripts().renew(keys.lock, token, lockTimeoutMs),
            Date.now() + commandTimeoutMs,
          ).catch(() => undefined),
        Math.max(1, Math.floor(lockTimeoutMs / 2)),
      );
      return () => clearInterval(renewal);
    },
    async commit(holding, until) {
      try {
        await write(holding, until);
        holding.requests.end(true);
      } catch (error) {
        holding.requests.end(false);
        throw error;
      }
    },
  };
}
