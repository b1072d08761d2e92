import type { ChildProcess } from 'node:child_process';
import { type RedisAddress, type RedisReply, redisCommand } from './internal/redisCommand';
import {
  assertBinary,
  freePorts,
  type OwnedServer,
  replicasInSync,
  run,
  serverArgs,
  serverFolder,
  spawnRedis,
  startOwned,
  waitUntil,
} from './internal/redisProcess';

export type { RedisAddress } from './internal/redisCommand';

/**
 * Options of {@link startTestRedisCluster}.
 *
 * @example
 * ```ts
 * await startTestRedisCluster({ masters: 3, replicasPerMaster: 1, nodeTimeoutMs: 1000 });
 * ```
 */
export interface TestRedisClusterOptions {
  /**
   * How many masters share the 16,384 slots (Redis Cluster needs at least three).
   * @defaultValue `3`
   */
  readonly masters?: number;
  /**
   * Replicas of each master: with one, a master killed is replaced by its replica (a failover).
   * @defaultValue `1`
   */
  readonly replicasPerMaster?: number;
  /**
   * `cluster-node-timeout`: how long a node may be unreachable before the others count it as
   * failed and promote its replica. Low, so that a test's failover takes seconds.
   * @defaultValue `1000`
   */
  readonly nodeTimeoutMs?: number;
}

/**
 * A Redis Cluster started by {@link startTestRedisCluster}.
 *
 * @example
 * ```ts
 * await cluster.kill(await cluster.primaryOf('{session-1}'));
 * const servingAt = await cluster.serving();
 * ```
 */
export interface TestRedisCluster {
  /** Every node, masters and replicas, as `new Cluster(nodes)` takes them. */
  readonly nodes: readonly RedisAddress[];
  /** The master serving `key`'s slot now (the slot of its hash tag, when it has one). */
  primaryOf(key: string): Promise<RedisAddress>;
  /** Kills one node with SIGKILL, as a machine that dies: no shutdown, no word to the others. */
  kill(node: RedisAddress): Promise<void>;
  /**
   * Resolves with the time (`Date.now()`) at which every live node said `cluster_state:ok` and
   * every slot was served by a live master: after a kill, the end of the failover.
   */
  serving(withinMs?: number): Promise<number>;
  /** Kills every node and removes their folders. */
  stop(): Promise<void>;
}

interface Node extends RedisAddress, OwnedServer {
  readonly busPort: number;
}

const host = '127.0.0.1';

function launch(node: Node, nodeTimeoutMs: number): Promise<ChildProcess> {
  // The bus port is chosen too: the default (port + 10000) may be past 65535 or taken.
  return spawnRedis([
    ...serverArgs(node),
    ...['--cluster-port', String(node.busPort)],
    ...['--cluster-enabled', 'yes'],
    ...['--cluster-config-file', 'nodes.conf'],
    ...['--cluster-node-timeout', String(nodeTimeoutMs)],
  ]);
}

/** The master of each slot range, from `CLUSTER SLOTS` as one node sees it. */
function slotMasters(reply: RedisReply): { first: number; last: number; port: number }[] {
  return (reply as [number, number, [string, number]][]).map(([first, last, master]) => ({
    first,
    last,
    port: master[1],
  }));
}

/**
 * Starts a real Redis Cluster on free loopback ports, each node a `redis-server` in a temp
 * folder (`--cluster-enabled yes`, then `redis-cli --cluster create`), and resolves once every
 * node says `cluster_state:ok` and every replica is in sync with its master. Both programs must
 * be on the PATH: without them it throws {@link RedisServerMissingError} (a test fails, never
 * skips). Call `stop()` in `afterAll`; the nodes are killed when the process exits, too.
 *
 * @example
 * ```ts
 * import { startTestRedisCluster } from '@ussdkit/testing/redis';
 * import { Cluster } from 'ioredis';
 *
 * const cluster = await startTestRedisCluster(); // 3 masters, 3 replicas
 * const client = new Cluster([...cluster.nodes], { enableOfflineQueue: false });
 * await cluster.kill(await cluster.primaryOf('{session-1}'));
 * const servingAt = await cluster.serving(); // the replica took over
 * await cluster.stop();
 * ```
 */
export async function startTestRedisCluster(
  options: TestRedisClusterOptions = {},
): Promise<TestRedisCluster> {
  assertBinary('redis-server');
  assertBinary('redis-cli');
  const masters = options.masters ?? 3;
  const replicas = options.replicasPerMaster ?? 1;
  const nodeTimeoutMs = options.nodeTimeoutMs ?? 1_000;
  const count = masters * (1 + replicas);
  const ports = await freePorts(count * 2);
  const nodes: Node[] = Array.from({ length: count }, (_, i) => ({
    host,
    port: ports[2 * i] as number,
    busPort: ports[2 * i + 1] as number,
    dir: serverFolder('cluster'),
    child: undefined,
  }));
  const live = (): Node[] => nodes.filter((node) => node.child !== undefined);
  const serving = (withinMs = 30_000): Promise<number> =>
    waitUntil(
      'the test Redis Cluster serving every slot',
      async () => {
        const up = live();
        const alive = new Set(up.map((node) => node.port));
        const views = await Promise.all(
          up.map(async (node) => ({
            info: String(await redisCommand(node, ['CLUSTER', 'INFO'])),
            slots: slotMasters(await redisCommand(node, ['CLUSTER', 'SLOTS'])),
          })),
        );
        return views.every(
          ({ info, slots }) =>
            info.includes('cluster_state:ok') &&
            slots.length >= masters &&
            slots.every((range) => alive.has(range.port)),
        );
      },
      withinMs,
    );
  const { kill, stop } = await startOwned(nodes, async () => {
    await Promise.all(
      nodes.map(async (node) => {
        node.child = await launch(node, nodeTimeoutMs);
      }),
    );
    await run('redis-cli', [
      '--cluster',
      'create',
      ...nodes.map((node) => `${host}:${node.port}`),
      '--cluster-replicas',
      String(replicas),
      '--cluster-yes',
    ]);
    await serving();
    await replicasInSync('the test Redis Cluster', nodes, masters * replicas);
  });
  return {
    nodes: nodes.map((node) => ({ host, port: node.port })),
    async primaryOf(key) {
      const [node] = live();
      if (node === undefined) throw new Error('every node of the test Redis Cluster is stopped');
      const slot = Number(await redisCommand(node, ['CLUSTER', 'KEYSLOT', key]));
      const range = slotMasters(await redisCommand(node, ['CLUSTER', 'SLOTS'])).find(
        ({ first, last }) => slot >= first && slot <= last,
      );
      if (range === undefined) throw new Error(`no master serves the slot of ${key} now`);
      return { host, port: range.port };
    },
    kill,
    serving,
    stop,
  };
}
