import { afterEach, expect, it, vi } from 'vitest';
import { RedisServerMissingError } from './RedisServerMissingError';
import { startTestRedisSentinel } from './startTestRedisSentinel';

// A Sentinel set-up is started, killed into a failover and measured in
// test/failover/sentinel.test.ts.

afterEach(() => {
  vi.unstubAllEnvs();
});

it('fails, naming the fix, when no redis-server is on the PATH', async () => {
  vi.stubEnv('PATH', '/nonexistent');
  const failure = await startTestRedisSentinel().catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(RedisServerMissingError);
  expect((failure as Error).message).toMatch(/need redis-server: install redis-server/);
});
