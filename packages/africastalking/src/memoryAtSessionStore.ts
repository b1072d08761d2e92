import type { AtSession, AtSessionStore } from './AtSessionStore';

/** Options of {@link memoryAtSessionStore}. */
export interface MemoryAtSessionStoreOptions {
  /**
   * How long a session is kept after its last request, in ms: above a USSD session's few minutes,
   * so that the end-of-session notification still finds it.
   * @defaultValue `300_000`
   */
  readonly ttlMs?: number;
  /**
   * The most sessions kept; past it the least recently saved is forgotten.
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
 * The default {@link AtSessionStore}: sessions in this process's memory, with a TTL and a size
 * bound. One instance only: with several, each would see a part of each session's requests, so
 * give `africasTalking` a store they share instead.
 *
 * @example
 * ```ts
 * const handler = africasTalking(app, { store: memoryAtSessionStore({ ttlMs: 600_000 }) });
 * ```
 */
export function memoryAtSessionStore(options: MemoryAtSessionStoreOptions = {}): AtSessionStore {
  const ttlMs = options.ttlMs ?? 300_000;
  const maxSessions = options.maxSessions ?? 100_000;
  const now = options.now ?? Date.now;
  // A Map keeps insertion order: re-inserting on each save keeps the least recently saved first.
  const sessions = new Map<string, { expires: number; session: AtSession }>();
  return {
    async get(sessionId) {
      const entry = sessions.get(sessionId);
      if (entry === undefined) return undefined;
      if (entry.expires <= now()) {
        sessions.delete(sessionId);
        return undefined;
      }
      return entry.session;
    },
    async set(sessionId, session) {
      sessions.delete(sessionId);
      sessions.set(sessionId, { expires: now() + ttlMs, session });
      for (const oldest of sessions.keys()) {
        if (sessions.size <= maxSessions) break;
        sessions.delete(oldest);
      }
    },
    async delete(sessionId) {
      sessions.delete(sessionId);
    },
  };
}
