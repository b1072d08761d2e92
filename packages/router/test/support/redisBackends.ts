import { Cluster, Redis } from 'ioredis';
import type { RedisClient } from '../../src/redis';
import { type ClusterNodeAddress, startTestRedisCluster } from './redisCluster';
import { startTestRedis } from './redisServer';

/** Where a test's Redis is, as plain JSON (a child process gets it in `REDIS_TARGET`). */
export type RedisTarget =
  | { readonly kind: 'single'; readonly url: string }
  | { readonly kind: 'cluster'; readonly nodes: readonly ClusterNodeAddress[] };

/** A client of the target: `new Redis(url)` or `new Redis.Cluster(nodes)`. */
export function connectRedis(
  target: RedisTarget,
  options: { enableOfflineQueue?: boolean } = {},
): RedisClient {
  if (target.kind === 'single') return new Redis(target.url, options);
  return new Cluster(
    target.nodes.map(({ host, port }) => ({ host, port })),
    options,
  );
}

/** A running Redis the store suites run on: its target, and how to stop it. */
export interface RunningRedis {
  readonly target: RedisTarget;
  stop(): Promise<void>;
}

/** One way to run Redis under the store's tests. */
export interface RedisBackend {
  readonly name: string;
  readonly kind: RedisTarget['kind'];
  start(): Promise<RunningRedis>;
}

/**
 * The store's suites run on each: a single `redis-server` (or `REDIS_URL`), and a three-master
 * Redis Cluster the tests start themselves.
 */
export const redisBackends: readonly RedisBackend[] = [
  {
    name: 'a single Redis',
    kind: 'single',
    async start() {
      const redis = await startTestRedis();
      return { target: { kind: 'single', url: redis.url }, stop: () => redis.stop() };
    },
  },
  {
    name: 'a Redis Cluster of three masters',
    kind: 'cluster',
    async start() {
      const cluster = await startTestRedisCluster();
      return { target: { kind: 'cluster', nodes: cluster.nodes }, stop: () => cluster.stop() };
    },
  },
];
