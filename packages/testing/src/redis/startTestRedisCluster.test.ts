import { afterEach, expect, it, vi } from 'vitest';
import { RedisServerMissingError } from './RedisServerMissingError';
import { startTestRedisCluster } from './startTestRedisCluster';

// A cluster is started, killed into a failover and measured in test/failover/cluster.test.ts.

afterEach(() => {
  vi.unstubAllEnvs();
});

it('fails, naming the fix, when no redis-server is on the PATH', async () => {
  vi.stubEnv('PATH', '/nonexistent');
  const failure = await startTestRedisCluster().catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(RedisServerMissingError);
  expect((failure as Error).message).toMatch(/need redis-server: install redis-server/);
  // A cluster is always the helper's own: no URL could stand in for it.
  expect((failure as Error).message).not.toMatch(/REDIS_URL/);
});
