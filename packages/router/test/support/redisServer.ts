import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A Redis server for tests: its URL, and how to stop and restart it. */
export interface TestRedis {
  readonly url: string;
  readonly port: number;
  /** Whether this helper started the server (false when `REDIS_URL` names one). */
  readonly owned: boolean;
  /** Stops the server (an outage); only for servers this helper owns. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

const binary = 'redis-server';

/** A port free on the loopback interface now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Fails, naming the fix, unless `command --version` runs (a missing binary never skips). */
export function assertBinary(command = binary): void {
  const probe = spawnSync(command, ['--version'], { encoding: 'utf8' });
  if (probe.error !== undefined || probe.status !== 0) {
    throw new Error(
      `These tests need a real Redis: set REDIS_URL, or install the server ` +
        `("apt-get install redis-server", which brings redis-cli) so that "${command}" is on the PATH.`,
    );
  }
}

/** Starts `redis-server` with these arguments and resolves once it accepts connections. */
export async function spawnRedisServer(args: readonly string[]): Promise<ChildProcess> {
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`redis-server exited (${String(code)}) before it was ready:\n${output}`)),
    );
  });
  child.stdout?.resume();
  child.stderr?.resume();
  return child;
}

/** Kills a server this helper started and waits until it is gone. */
export async function killRedisServer(child: ChildProcess | undefined): Promise<void> {
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

function launch(port: number, dataDir?: string): Promise<ChildProcess> {
  // A persistent server keeps an append-only file, so its data survives a kill and restart.
  const persistence =
    dataDir === undefined
      ? ['--appendonly', 'no']
      : ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', dataDir];
  return spawnRedisServer([
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    ...persistence,
  ]);
}

/**
 * Gives the tests a real Redis. Uses `REDIS_URL` when set (unless `own` is asked, for tests that
 * stop the server); otherwise starts `redis-server` on a free loopback port. Call `stop()` in
 * `afterAll`.
 */
export async function startTestRedis(
  options: { own?: boolean; persistent?: boolean } = {},
): Promise<TestRedis> {
  const external = process.env.REDIS_URL;
  if (external !== undefined && external !== '' && options.own !== true) {
    const port = Number(new URL(external).port || 6379);
    return {
      url: external,
      port,
      owned: false,
      stop: async () => {},
      start: async () => {},
    };
  }
  assertBinary();
  const port = await freePort();
  const dataDir =
    options.persistent === true ? mkdtempSync(join(tmpdir(), 'ussdkit-redis-')) : undefined;
  let child: ChildProcess | undefined = await launch(port, dataDir);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    owned: true,
    async stop() {
      const running = child;
      child = undefined;
      await killRedisServer(running);
    },
    async start() {
      if (child === undefined) child = await launch(port, dataDir);
    },
  };
}
