/**
 * A helper of `@ussdkit/testing/redis` found no `redis-server` (or, for a Cluster, no
 * `redis-cli`) to start, and no URL of a Redis to use instead. A test that needs Redis fails with
 * it rather than skipping.
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

  /**
   * @param binary - The program that is missing.
   * @param orUrl - The environment variable that may name a Redis instead, when there is one.
   */
  constructor(binary: 'redis-server' | 'redis-cli' = 'redis-server', orUrl?: string) {
    const instead =
      orUrl === undefined ? '' : `, or set ${orUrl} to a Redis the tests may write to`;
    super(
      `These tests need ${binary}: install redis-server (apt-get install redis-server, which ` +
        `brings redis-cli; brew install redis) so that it is on the PATH${instead}.`,
    );
  }
}
