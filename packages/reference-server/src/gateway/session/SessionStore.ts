import { retainedQueue } from '../../rules/retainedQueue';
import type { GatewaySession } from '../GatewaySession';

/**
 * What the gateway keeps of past sessions: ended sessions, and the merchant payment operationIds
 * they used; see `sessionRetentionConfigSchema`.
 *
 * @example
 * ```ts
 * const policy: SessionRetentionPolicy = { endedSessions: 10_000, seconds: 86_400 };
 * ```
 */
export interface SessionRetentionPolicy {
  /** Ended sessions kept at most, the latest to end. */
  readonly endedSessions: number;
  /** Sandbox seconds an ended session is kept after its end. */
  readonly seconds: number;
  /** Merchant payment operationIds remembered at most, the latest used. @defaultValue 100000 */
  readonly operationIds?: number | undefined;
  /** Sandbox seconds an operationId is remembered after its use. @defaultValue 86400 */
  readonly operationIdSeconds?: number | undefined;
}

/** Where the gateway keeps its sessions: every open one, and the ended ones it retains. */
export interface SessionStore {
  add(session: GatewaySession): void;
  get(sessionId: string): GatewaySession | undefined;
  /**
   * Records that `session` ended (its `endedAt` set) and drops what the policy no longer keeps,
   * as of `now` (sandbox ms).
   */
  ended(session: GatewaySession, now: number): void;
  /** Drops the ended sessions older than the policy's window, as of `now` (sandbox ms). */
  expire(now: number): void;
  /** Number of sessions held, open and ended (for tests and diagnostics). */
  readonly size: number;
  /** Number of ended sessions held (for tests and diagnostics). */
  readonly endedCount: number;
}

/**
 * Sessions in a `Map`, with the ended ones in end order: each end drops the oldest ended
 * sessions past `policy.endedSessions`, and {@link SessionStore.expire} (run on each end and each
 * look-up) drops those that ended more than `policy.seconds` ago. `onDrop` hears every dropped
 * session (the gateway forgets its pending push with it).
 *
 * @example
 * ```ts
 * const store = memorySessionStore({ endedSessions: 10_000, seconds: 86_400 }, () => {});
 * store.add(session);
 * store.ended(session, clock.now()); // readable until 10,000 later sessions end or 24 h pass
 * ```
 */
export function memorySessionStore(
  policy: SessionRetentionPolicy,
  onDrop: (session: GatewaySession) => void,
): SessionStore {
  const sessions = new Map<string, GatewaySession>();
  const windowMs = policy.seconds * 1000;
  const endedQueue = retainedQueue<GatewaySession>(policy.endedSessions, (oldest) => {
    sessions.delete(oldest.id);
    onDrop(oldest);
  });

  const store: SessionStore = {
    add(session) {
      sessions.set(session.id, session);
    },
    get(sessionId) {
      return sessions.get(sessionId);
    },
    ended(session, now) {
      endedQueue.push(session);
      store.expire(now);
    },
    expire(now) {
      endedQueue.dropWhile((oldest) => (oldest.endedAt ?? now) + windowMs <= now);
    },
    get size() {
      return sessions.size;
    },
    get endedCount() {
      return endedQueue.size;
    },
  };
  return store;
}
