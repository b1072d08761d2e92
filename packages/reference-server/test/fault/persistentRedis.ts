/**
 * A real `redis-server` for the outage test, with an append-only file written on every command,
 * so that a crash (SIGKILL) and a restart on the same port keep the sessions, as a production
 * Redis with persistence would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PersistentRedis {
  readonly url: string;
  /** Kills the server (SIGKILL): clients see connection errors until `start()`. */
  crash(): Promise<void>;
  /** Starts it again on the same port, from its append-only file. */
  start(): Promise<void>;
  /** Kills it and removes its files. */
  remove(): Promise<void>;
}

function freePort(): Promise<number> {
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

async function launch(port: number, dir: string): Promise<ChildProcess> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''];
  args.push('--appendonly', 'yes', '--appendfsync', 'always');
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
  });
  child.stdout?.resume();
  child.stderr?.resume();
  return child;
}

/** Starts `redis-server` (it must be on the PATH) on a free loopback port. */
export async function startPersistentRedis(): Promise<PersistentRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'ussdkit-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined = await launch(port, dir);
  const crash = async () => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGKILL');
    await exited;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    crash,
    async start() {
      if (child === undefined) child = await launch(port, dir);
    },
    async remove() {
      await crash();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
