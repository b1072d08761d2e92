import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { assertBinary, freePort, killRedisServer, spawnRedisServer } from './redisServer';

/** A node of the test cluster, as `new Redis.Cluster([...])` takes it. */
export interface ClusterNodeAddress {
  readonly host: string;
  readonly port: number;
}

/** A three-master Redis Cluster for tests, started in temp folders. */
export interface TestRedisCluster {
  readonly nodes: readonly ClusterNodeAddress[];
  /** Stops one node (an outage of the slots it serves); it keeps its data (append-only file). */
  stopNode(port: number): Promise<void>;
  /** Starts a stopped node again on its port, folder and cluster configuration. */
  startNode(port: number): Promise<void>;
  /** Stops every node and removes their folders. */
  stop(): Promise<void>;
}

interface Node {
  readonly port: number;
  readonly busPort: number;
  readonly dir: string;
  child: ChildProcess | undefined;
}

const host = '127.0.0.1';

function launch(node: Node): Promise<ChildProcess> {
  return spawnRedisServer([
    '--port',
    String(node.port),
    // The bus port is chosen too: the default (port + 10000) may be past 65535 or taken.
    '--cluster-port',
    String(node.busPort),
    '--bind',
    host,
    '--cluster-enabled',
    'yes',
    '--cluster-config-file',
    'nodes.conf',
    '--cluster-node-timeout',
    '2000',
    '--dir',
    node.dir,
    '--save',
    '',
    '--appendonly',
    'yes',
    '--appendfsync',
    'always',
  ]);
}

function run(command: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} exited (${code}):\n${output}`)),
    );
  });
}

/** Resolves once every node says `cluster_state:ok` and knows the three masters' slots. */
async function clusterReady(nodes: readonly Node[], within: number): Promise<void> {
  const started = Date.now();
  const clients = nodes.map((node) => new Redis(node.port, host, { lazyConnect: true }));
  try {
    for (;;) {
      const states = await Promise.all(
        clients.map(async (client) => {
          const info = String(await client.cluster('INFO'));
          const slots = (await client.cluster('SLOTS')) as unknown[];
          return info.includes('cluster_state:ok') && slots.length === nodes.length;
        }),
      );
      if (states.every(Boolean)) return;
      if (Date.now() - started > within) {
        throw new Error(`the test Redis Cluster was not ready within ${within} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    for (const client of clients) client.disconnect();
  }
}

/**
 * Starts a Redis Cluster of three masters and no replicas on free loopback ports, each node in
 * a temp folder (`redis-server --cluster-enabled yes`, then `redis-cli --cluster create`), and
 * waits until every node says `cluster_state:ok`. Both binaries must be on the PATH
 * (`apt-get install redis-server` brings `redis-cli`): a missing one fails, never skips. Call
 * `stop()` in `afterAll`; the nodes are killed on exit too, should a test process die first.
 */
export async function startTestRedisCluster(): Promise<TestRedisCluster> {
  assertBinary('redis-server');
  assertBinary('redis-cli');
  const ports = new Set<number>();
  while (ports.size < 6) ports.add(await freePort());
  const [p1, b1, p2, b2, p3, b3] = [...ports] as [number, number, number, number, number, number];
  const nodes: Node[] = [
    [p1, b1],
    [p2, b2],
    [p3, b3],
  ].map(([port, busPort]) => ({
    port: port as number,
    busPort: busPort as number,
    dir: mkdtempSync(join(tmpdir(), 'ussdkit-redis-cluster-')),
    child: undefined,
  }));
  const killAll = (): void => {
    for (const node of nodes) node.child?.kill('SIGKILL');
  };
  process.once('exit', killAll);
  const stop = async (): Promise<void> => {
    process.off('exit', killAll);
    await Promise.all(
      nodes.map(async (node) => {
        const running = node.child;
        node.child = undefined;
        await killRedisServer(running);
        rmSync(node.dir, { recursive: true, force: true });
      }),
    );
  };
  try {
    await Promise.all(
      nodes.map(async (node) => {
        node.child = await launch(node);
      }),
    );
    await run('redis-cli', [
      '--cluster',
      'create',
      ...nodes.map((node) => `${host}:${node.port}`),
      '--cluster-replicas',
      '0',
      '--cluster-yes',
    ]);
    await clusterReady(nodes, 20_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const nodeAt = (port: number): Node => {
    const node = nodes.find((candidate) => candidate.port === port);
    if (node === undefined) throw new Error(`no node of the test cluster on port ${port}`);
    return node;
  };
  return {
    nodes: nodes.map((node) => ({ host, port: node.port })),
    async stopNode(port) {
      const node = nodeAt(port);
      const running = node.child;
      node.child = undefined;
      await killRedisServer(running);
    },
    async startNode(port) {
      const node = nodeAt(port);
      node.child ??= await launch(node);
      await clusterReady(nodes, 20_000);
    },
    stop,
  };
}
