import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RedisAddress, redisCommand } from './internal/redisCommand';
import {
  assertBinary,
  freePorts,
  type OwnedServer,
  replicasInSync,
  serverArgs,
  serverFolder,
  spawnRedis,
  startOwned,
  waitUntil,
} from './internal/redisProcess';

/**
 * Options of {@link startTestRedisSentinel}.
 *
 * @example
 * ```ts
 * await startTestRedisSentinel({ replicas: 1, sentinels: 3, downAfterMs: 1000 });
 * ```
 */
export interface TestRedisSentinelOptions {
  /**
   * Replicas of the primary; one of them is promoted when the primary dies.
   * @defaultValue `1`
   */
  readonly replicas?: number;
  /**
   * Sentinels watching them; a majority must agree before a failover starts.
   * @defaultValue `3`
   */
  readonly sentinels?: number;
  /**
   * `down-after-milliseconds`: how long the primary may be unreachable before the sentinels
   * count it as down. Low, so that a test's failover takes seconds.
   * @defaultValue `1000`
   */
  readonly downAfterMs?: number;
}

/**
 * A Sentinel-managed primary and its replicas, started by {@link startTestRedisSentinel}.
 *
 * @example
 * ```ts
 * await sentinel.kill(await sentinel.primary());
 * const servingAt = await sentinel.serving();
 * ```
 */
export interface TestRedisSentinel {
  /** The name the sentinels know the primary by, as ioredis's `name` option takes it. */
  readonly name: string;
  /** The sentinels, as ioredis's `sentinels` option takes them. */
  readonly sentinels: readonly RedisAddress[];
  /** The primary, as the sentinels name it now. */
  primary(): Promise<RedisAddress>;
  /** Kills one server with SIGKILL, as a machine that dies. */
  kill(node: RedisAddress): Promise<void>;
  /**
   * Resolves with the time (`Date.now()`) at which every sentinel named the same live primary,
   * and that server said it is the primary: after a kill, the end of the failover.
   */
  serving(withinMs?: number): Promise<number>;
  /** Kills every server and sentinel and removes their folders. */
  stop(): Promise<void>;
}

interface Server extends RedisAddress, OwnedServer {}

const host = '127.0.0.1';
const name = 'ussdkit';

/**
 * Starts a primary, its replicas and the sentinels that watch them (`redis-server --sentinel`),
 * each a real process on a free loopback port in a temp folder, and resolves once the replicas
 * are in sync and the sentinels can authorise a failover (`SENTINEL CKQUORUM`). `redis-server`
 * must be on the PATH: without it, it throws {@link RedisServerMissingError} (a test fails, never
 * skips). Call `stop()` in `afterAll`; the servers are killed when the process exits, too.
 *
 * @example
 * ```ts
 * import { startTestRedisSentinel } from '@ussdkit/testing/redis';
 * import { Redis } from 'ioredis';
 *
 * const sentinel = await startTestRedisSentinel(); // a primary, a replica, 3 sentinels
 * const client = new Redis({ sentinels: [...sentinel.sentinels], name: sentinel.name });
 * await sentinel.kill(await sentinel.primary());
 * const servingAt = await sentinel.serving(); // the replica took over
 * await sentinel.stop();
 * ```
 */
export async function startTestRedisSentinel(
  options: TestRedisSentinelOptions = {},
): Promise<TestRedisSentinel> {
  assertBinary('redis-server');
  const replicas = options.replicas ?? 1;
  const count = options.sentinels ?? 3;
  const downAfterMs = options.downAfterMs ?? 1_000;
  const ports = await freePorts(1 + replicas + count);
  const servers: Server[] = ports.map((port) => ({
    host,
    port,
    dir: serverFolder('sentinel'),
    child: undefined,
  }));
  const data = servers.slice(0, 1 + replicas);
  const watchers = servers.slice(1 + replicas);
  const [first] = data as [Server];
  const named = async (sentinel: RedisAddress): Promise<RedisAddress> => {
    const reply = await redisCommand(sentinel, ['SENTINEL', 'GET-MASTER-ADDR-BY-NAME', name]);
    const [address, port] = reply as [string, string];
    return { host: address, port: Number(port) };
  };
  const { kill, stop } = await startOwned(servers, async () => {
    first.child = await spawnRedis(serverArgs(first));
    await Promise.all(
      data.slice(1).map(async (replica) => {
        replica.child = await spawnRedis([
          ...serverArgs(replica),
          ...['--replicaof', host, String(first.port)],
        ]);
      }),
    );
    await replicasInSync('the test Sentinel set-up', data.slice(1), replicas);
    await Promise.all(
      watchers.map(async (sentinel) => {
        const file = join(sentinel.dir, 'sentinel.conf');
        writeFileSync(
          file,
          [
            `port ${sentinel.port}`,
            `bind ${host}`,
            `dir ${sentinel.dir}`,
            `sentinel monitor ${name} ${host} ${first.port} ${Math.floor(count / 2) + 1}`,
            `sentinel down-after-milliseconds ${name} ${downAfterMs}`,
            `sentinel failover-timeout ${name} ${Math.max(3 * downAfterMs, 1_000)}`,
            `sentinel parallel-syncs ${name} 1`,
            '',
          ].join('\n'),
        );
        sentinel.child = await spawnRedis([file, '--sentinel']);
      }),
    );
    await waitUntil(
      'the test sentinels able to authorise a failover',
      async () => {
        const checks = await Promise.all(
          watchers.map((sentinel) => redisCommand(sentinel, ['SENTINEL', 'CKQUORUM', name])),
        );
        const replicaLists = await Promise.all(
          watchers.map((sentinel) => redisCommand(sentinel, ['SENTINEL', 'REPLICAS', name])),
        );
        return (
          checks.every((check) => String(check).includes(`${count} usable Sentinels`)) &&
          replicaLists.every((list) => Array.isArray(list) && list.length === replicas)
        );
      },
      30_000,
    );
  });
  return {
    name,
    sentinels: watchers.map((sentinel) => ({ host, port: sentinel.port })),
    primary: () => named(watchers[0] as Server),
    kill,
    serving: (withinMs = 30_000) =>
      waitUntil(
        'a primary named by every test sentinel and serving',
        async () => {
          const addresses = await Promise.all(
            watchers.filter((sentinel) => sentinel.child !== undefined).map(named),
          );
          const [address] = addresses;
          if (address === undefined) return false;
          if (addresses.some((other) => other.port !== address.port)) return false;
          if (!data.some((server) => server.port === address.port && server.child)) return false;
          const role = await redisCommand(address, ['ROLE']);
          return Array.isArray(role) && role[0] === 'master';
        },
        withinMs,
      ),
    stop,
  };
}
