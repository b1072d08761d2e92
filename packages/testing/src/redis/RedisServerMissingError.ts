/**
 * `startTestRedis()` found no `redis-server` to start and no `REDIS_URL` to use. A test that needs
 * Redis fails with it rather than skipping.
 *
 * @example
 * ```ts
 * try {
 *   await startTestRedis();
 * } catch (error) {
 *   if (error instanceof RedisServerMissingError) console.error(error.message);
 * }
 * ```
 */
export class RedisServerMissingError extends Error {
  override readonly name = 'RedisServerMissingError';
  readonly code = 'REDIS_SERVER_MISSING';

  constructor() {
    super(
      'These tests need Redis: install redis-server (apt-get install redis-server, brew install redis) so that it is on the PATH, or set REDIS_URL to a Redis the tests may write to.',
    );
  }
}
