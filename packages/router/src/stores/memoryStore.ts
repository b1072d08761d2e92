import { cloneJson } from '../internal/session/cloneJson';
import { isHandedOver } from '../internal/stores/handedOver';
import type { SessionRecord, SessionStore } from '../SessionStore';

/** Options of {@link memoryStore}. */
export interface MemoryStoreOptions {
  /**
   * How long a session lives after its last save, in ms: slightly above the gateway's 120 s
   * session limit.
   * @defaultValue `180_000`
   */
  readonly ttlMs?: number;
  /**
   * The most sessions kept; past it the least recently saved is evicted.
   * @defaultValue `100_000`
   */
  readonly maxSessions?: number;
  /**
   * The clock, in ms (inject one in tests).
   * @defaultValue `Date.now`
   */
  readonly now?: () => number;
}

/**
 * The default session store: sessions in this process's memory, with a TTL and a size bound, and
 * a per-session queue so one event at a time is handled per session. For several app processes,
 * use `redisStore`.
 *
 * @example
 * ```ts
 * const app = createApp({
 *   ...options,
 *   store: memoryStore({ ttlMs: 300_000, maxSessions: 10_000 }),
 * });
 * ```
 */
export function memoryStore(options: MemoryStoreOptions = {}): SessionStore {
  const ttlMs = options.ttlMs ?? 180_000;
  const maxSessions = options.maxSessions ?? 100_000;
  const now = options.now ?? Date.now;
  // Each record is a snapshot taken with JSON's rules, so values come back as Redis would give
  // them (the router's own records are built of such copies: see HandedOverRecord); the router never
  // changes a loaded record, so `load` can hand the snapshot out.
  const records = new Map<string, { expires: number; record: SessionRecord }>();
  const locks = new Map<string, Promise<void>>();
  // Sessions kept for `resume`, by caller; bounded like the sessions.
  const dropped = new Map<string, { expires: number; record: SessionRecord }>();

  return {
    async load(sessionId) {
      const entry = records.get(sessionId);
      if (entry === undefined) return undefined;
      if (entry.expires <= now()) {
        records.delete(sessionId);
        return undefined;
      }
      return entry.record;
    },
    async save(sessionId, record) {
      records.delete(sessionId);
      // A record the router handed over is the store's alone already (see HandedOverRecord).
      const kept = isHandedOver(record) ? record : cloneJson(record);
      records.set(sessionId, { expires: now() + ttlMs, record: kept });
      if (records.size > maxSessions) evictOldest(records, maxSessions);
      return undefined;
    },
    async delete(sessionId) {
      records.delete(sessionId);
    },
    async saveResume(msisdn, record, keepMs) {
      dropped.delete(msisdn);
      dropped.set(msisdn, { expires: now() + keepMs, record: cloneJson(record) });
      if (dropped.size > maxSessions) evictOldest(dropped, maxSessions);
    },
    async takeResume(msisdn) {
      const entry = dropped.get(msisdn);
      dropped.delete(msisdn);
      return entry !== undefined && entry.expires > now() ? entry.record : undefined;
    },
    async withLock(sessionId, task) {
      // Each holder leaves a promise that settles when it is done, and the next one waits on it:
      // an uncontended lock starts its task at once, with no turn of the event loop. The entry
      // is set before the task starts, so a call made while it runs waits for it.
      const previous = locks.get(sessionId);
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      locks.set(sessionId, held);
      try {
        if (previous !== undefined) await previous;
        return await task();
      } finally {
        release();
        if (locks.get(sessionId) === held) locks.delete(sessionId);
      }
    },
  };
}

/** Drops the least recently saved entries (a Map keeps insertion order) down to `max`. */
function evictOldest(entries: Map<string, unknown>, max: number): void {
  for (const oldest of entries.keys()) {
    if (entries.size <= max) break;
    entries.delete(oldest);
  }
}
