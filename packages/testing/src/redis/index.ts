/**
 * @module @ussdkit/testing/redis
 *
 * A real Redis for your app's tests (Node only: it starts `redis-server`).
 */
export { RedisServerMissingError } from './RedisServerMissingError';
export { startTestRedis, type TestRedis } from './startTestRedis';
