import { memoryStore, type SessionStore } from '@ussdkit/router';
import { redisStore } from '@ussdkit/router/redis';
import { Redis } from 'ioredis';

/** The app's session store, with what the server's lifecycle needs of it. */
export interface OpenStore {
  readonly store: SessionStore;
  /** Whether the store can take sessions now (Redis answers a PING). */
  ready(): Promise<boolean>;
  /** Closes the store's connections, after the last event. */
  close(): Promise<void>;
}

/**
 * Redis when `redisUrl` is set (any number of instances), memory otherwise (one instance only).
 *
 * @example
 * ```ts
 * const { store, ready, close } = openStore(config.REDIS_URL);
 * ```
 */
export function openStore(redisUrl: string | undefined): OpenStore {
  if (redisUrl === undefined) {
    return { store: memoryStore(), ready: async () => true, close: async () => {} };
  }
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  // ioredis reconnects by itself; an unhandled 'error' event would end the process.
  redis.on('error', () => {});
  return {
    store: redisStore({ client: redis }),
    ready: async () => {
      try {
        return (await redis.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    close: async () => {
      await redis.quit();
    },
  };
}
