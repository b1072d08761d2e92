/**
 * Remembers which callbacks were handled, so redeliveries are skipped. Back it with Redis or a
 * database table when several instances receive callbacks.
 *
 * @example
 * ```ts
 * const redisSeen: SeenStore = {
 *   add: async (key) => (await redis.set(`seen:${key}`, '1', 'EX', 86400, 'NX')) === 'OK',
 *   delete: async (key) => { await redis.del(`seen:${key}`); },
 * };
 * ```
 */
export interface SeenStore {
  /** Records the key; resolves `true` when it was not there before (the first delivery). */
  add(key: string): boolean | Promise<boolean>;
  /** Forgets the key, so a redelivery is handled again (called when the handler failed). */
  delete(key: string): void | Promise<void>;
}

/**
 * An in-memory {@link SeenStore} that forgets the oldest keys past `maxEntries`.
 *
 * @param maxEntries - how many keys to keep. @defaultValue 10000
 * @example
 * ```ts
 * const handler = createCallbackHandler({ seen: memorySeenStore(1000), onAcquire: async (c) => {} });
 * ```
 */
export function memorySeenStore(maxEntries = 10_000): SeenStore {
  const keys = new Set<string>();
  return {
    add(key) {
      if (keys.has(key)) return false;
      keys.add(key);
      if (keys.size > maxEntries) {
        const oldest = keys.values().next().value;
        if (oldest !== undefined) keys.delete(oldest);
      }
      return true;
    },
    delete(key) {
      keys.delete(key);
    },
  };
}
