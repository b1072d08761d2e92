/**
 * @module @ussdkit/router/redis
 *
 * `redisStore`: sessions in Redis (ioredis), with a per-session lock shared by every instance of
 * the app. A subpath of its own so that the main entry needs neither ioredis nor its types, nor
 * any Node built-in: an app that does not use Redis installs, type-checks and bundles without it.
 */
export { SessionLockLostError } from './stores/durableObjectStoreErrors';
export * from './stores/redisStore';
