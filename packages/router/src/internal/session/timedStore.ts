import type { SessionRecord, SessionStore, WithLockOptions } from '../../SessionStore';
import type { ObservedEvent } from '../observe/observer';

/** The store operations an event makes, as the runner calls them. */
export type EventStore = Pick<SessionStore, 'load' | 'save' | 'delete' | 'withLock'>;

/**
 * The store as one observed event sees it: each operation reported to the event's
 * instrumentations as its phase (`lock` is the wait for the lock, not the time it is held), and
 * the work run within their context. Made only for an event someone observes, so the runner's
 * logic never times anything itself and an unobserved event costs nothing more.
 */
export function timedStore(store: SessionStore, seen: ObservedEvent): EventStore {
  return {
    load: async (sessionId: string, contextData: string) => {
      const start = performance.now();
      const record = await store.load(sessionId, contextData);
      seen.phase('store.load', start);
      return record;
    },
    save: async (sessionId: string, record: SessionRecord) => {
      const start = performance.now();
      const stored = await store.save(sessionId, record);
      seen.phase('store.save', start);
      return stored;
    },
    delete: async (sessionId: string) => {
      const start = performance.now();
      await store.delete(sessionId);
      seen.phase('store.delete', start);
    },
    withLock: <T>(sessionId: string, task: () => Promise<T>, options?: WithLockOptions) => {
      const waiting = performance.now();
      const locked = () => {
        seen.phase('lock', waiting);
        return task();
      };
      return seen.run(() => store.withLock(sessionId, locked, options));
    },
  };
}
