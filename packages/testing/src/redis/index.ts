/**
 * @module @ussdkit/testing/redis
 *
 * Real Redis set-ups for your app's tests (Node only: it starts `redis-server`): a single server,
 * a Redis Cluster with replicas, a Sentinel-managed primary and replicas; and a failover drill
 * that measures what customers see while a primary dies.
 */
export { RedisServerMissingError } from './RedisServerMissingError';
export {
  type DrillExchange,
  type DrillWalk,
  type FailoverDrillOptions,
  type FailoverDrillReport,
  type FailoverFigures,
  runFailoverDrill,
} from './runFailoverDrill';
export { startTestRedis, type TestRedis } from './startTestRedis';
export {
  type RedisAddress,
  startTestRedisCluster,
  type TestRedisCluster,
  type TestRedisClusterOptions,
} from './startTestRedisCluster';
export {
  startTestRedisSentinel,
  type TestRedisSentinel,
  type TestRedisSentinelOptions,
} from './startTestRedisSentinel';
