import type { ChildProcess } from 'node:child_process';
import { assertBinary, freePort, killProcess, spawnRedis } from './internal/redisProcess';

/** A Redis server for one test file: its URL, and how to stop it. */
export interface TestRedis {
  /** `redis://127.0.0.1:<port>`, or `REDIS_URL` when it was set. */
  readonly url: string;
  /** Stops the server this helper started (nothing for a `REDIS_URL` one). */
  stop(): Promise<void>;
}

/**
 * A real Redis for your app's tests (`redisStore` behaves there as in production): uses
 * `REDIS_URL` when set; otherwise starts `redis-server` from the PATH on a free loopback port,
 * without persistence, and resolves once it accepts connections. Without either, it throws
 * {@link RedisServerMissingError}: a test that needs Redis fails instead of skipping.
 *
 * @example
 * ```ts
 * import { startTestRedis } from '@ussdkit/testing/redis';
 *
 * const redis = await startTestRedis(); // in beforeAll
 * const store = redisStore({ client: new Redis(redis.url) });
 * await redis.stop(); // in afterAll
 * ```
 */
export async function startTestRedis(): Promise<TestRedis> {
  const external = process.env.REDIS_URL;
  if (external !== undefined && external !== '') return { url: external, stop: async () => {} };
  assertBinary('redis-server', 'REDIS_URL');
  const port = await freePort();
  const child: ChildProcess = await spawnRedis([
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => killProcess(child, 'SIGTERM'),
  };
}
