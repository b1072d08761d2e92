import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RedisServerMissingError } from '../RedisServerMissingError';
import { type RedisAddress, redisCommand } from './redisCommand';

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

/** `count` distinct free loopback ports. */
export async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** Fails with {@link RedisServerMissingError} unless `command --version` runs. */
export function assertBinary(command: 'redis-server' | 'redis-cli', orUrl?: string): void {
  const probe = spawnSync(command, ['--version'], { encoding: 'utf8' });
  if (probe.error !== undefined || probe.status !== 0) {
    throw new RedisServerMissingError(command, orUrl);
  }
}

/**
 * Starts `redis-server` with these arguments and resolves once its log says it is ready: "Ready
 * to accept connections" for a server, the sentinel's first monitored primary for a sentinel.
 */
export async function spawnRedis(args: readonly string[]): Promise<ChildProcess> {
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer): void => {
        output += chunk.toString();
        if (/Ready to accept connections|\+monitor master/.test(output)) resolve();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('error', reject);
      child.once('exit', (code) =>
        reject(new Error(`redis-server exited (${String(code)}) before it was ready:\n${output}`)),
      );
    });
  } finally {
    child.stdout?.removeAllListeners('data');
    child.stderr?.removeAllListeners('data');
  }
  // Keep reading, so a chatty server never blocks on a full pipe.
  child.stdout?.resume();
  child.stderr?.resume();
  return child;
}

/** Kills a server with `signal` and waits until it is gone (nothing if it already is). */
export async function killProcess(
  child: ChildProcess | undefined,
  signal: NodeJS.Signals = 'SIGKILL',
): Promise<void> {
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

/** A server a helper started: where it listens, its process (none once killed), its folder. */
export interface OwnedServer {
  readonly port: number;
  readonly dir: string;
  child: ChildProcess | undefined;
}

/** Kills the server on `port` with SIGKILL, as a machine that dies; its folder stays. */
export async function killServer(servers: readonly OwnedServer[], port: number): Promise<void> {
  const server = servers.find((candidate) => candidate.port === port);
  if (server === undefined) throw new Error(`no server of this test set-up listens on ${port}`);
  const running = server.child;
  server.child = undefined;
  await killProcess(running);
}

/** Kills every server and removes their folders. */
export async function removeServers(servers: readonly OwnedServer[]): Promise<void> {
  await Promise.all(
    servers.map(async (server) => {
      await killServer(servers, server.port);
      rmSync(server.dir, { recursive: true, force: true });
    }),
  );
}

/**
 * Kills these servers and removes their folders when the test process exits, should it die
 * before the helper's `stop()`; returns the function that forgets them (call it from `stop()`).
 */
export function removeOnExit(servers: readonly OwnedServer[]): () => void {
  const remove = (): void => {
    for (const server of servers) {
      server.child?.kill('SIGKILL');
      rmSync(server.dir, { recursive: true, force: true });
    }
  };
  process.once('exit', remove);
  return () => process.off('exit', remove);
}

/** The servers of a test set-up, once {@link startOwned} started them. */
export interface OwnedSetUp {
  /** Kills one server with SIGKILL, as a machine that dies; its folder stays. */
  kill(address: { readonly port: number }): Promise<void>;
  /** Kills every server and removes their folders. */
  stop(): Promise<void>;
}

/**
 * Runs `start` over servers a helper owns, and resolves with what kills one and what stops them
 * all. They are stopped too when `start` fails (its error passed on), and when the test process
 * exits before `stop()`.
 */
export async function startOwned(
  servers: readonly OwnedServer[],
  start: () => Promise<void>,
): Promise<OwnedSetUp> {
  const forget = removeOnExit(servers);
  const stop = async (): Promise<void> => {
    forget();
    await removeServers(servers);
  };
  try {
    await start();
  } catch (error) {
    await stop();
    throw error;
  }
  return { kill: (address) => killServer(servers, address.port), stop };
}

/** A new temp folder for one server of a test set-up (`kind`: cluster, sentinel). */
export function serverFolder(kind: string): string {
  return mkdtempSync(join(tmpdir(), `ussdkit-redis-${kind}-`));
}

/**
 * The `redis-server` arguments every server of a test set-up gets: its loopback port and folder,
 * nothing persisted (a killed server's data lives on in its replica, which is what a failover is
 * about), and a replica's sync started at once (the default waits 5 s for more replicas).
 */
export function serverArgs(server: { readonly port: number; readonly dir: string }): string[] {
  return [
    ['--port', String(server.port)],
    ['--bind', '127.0.0.1'],
    ['--dir', server.dir],
    ['--save', ''],
    ['--appendonly', 'no'],
    ['--repl-diskless-sync-delay', '0'],
  ].flat();
}

/** Runs a command to its end, resolving with its output; a non-zero exit rejects with it. */
export function run(command: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer): void => {
      output += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} exited (${code}):\n${output}`)),
    );
  });
}

/** Polls `check` every `everyMs` until it is true; fails after `withinMs`, naming `what`. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  withinMs: number,
  everyMs = 25,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    const ok = await check().catch(() => false);
    if (ok) return Date.now();
    if (Date.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Waits until `expected` of these servers are replicas in sync with their primary (`ROLE` says
 * `slave` and `connected`): a replica killed before then would have nothing to fail over with.
 */
export function replicasInSync(
  what: string,
  servers: readonly RedisAddress[],
  expected: number,
): Promise<number> {
  return waitUntil(
    `${what}: replicas in sync`,
    async () => {
      const roles = await Promise.all(servers.map((server) => redisCommand(server, ['ROLE'])));
      const synced = roles.filter(
        (role) => Array.isArray(role) && role[0] === 'slave' && role[3] === 'connected',
      );
      return synced.length === expected;
    },
    30_000,
  );
}
