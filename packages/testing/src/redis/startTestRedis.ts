import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { RedisServerMissingError } from './RedisServerMissingError';

/** A Redis server for one test file: its URL, and how to stop it. */
export interface TestRedis {
  /** `redis://127.0.0.1:<port>`, or `REDIS_URL` when it was set. */
  readonly url: string;
  /** Stops the server this helper started (nothing for a `REDIS_URL` one). */
  stop(): Promise<void>;
}

/** A port free on the loopback interface now (the OS picks it). */
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

/**
 * A real Redis for your app's tests (`redisStore` behaves there as in production): uses
 * `REDIS_URL` when set; otherwise starts `redis-server` from the PATH on a free loopback port,
 * without persistence, and resolves once it accepts connections. Without either, it throws
 * {@link RedisServerMissingError}: a test that needs Redis fails instead of skipping.
 *
 * @example
 * ```ts
 * import { startTestRedis } from '@ussdkit/testing/redis';
 *
 * const redis = await startTestRedis(); // in beforeAll
 * const store = redisStore({ client: new Redis(redis.url) });
 * await redis.stop(); // in afterAll
 * ```
 */
export async function startTestRedis(): Promise<TestRedis> {
  const external = process.env.REDIS_URL;
  if (external !== undefined && external !== '') return { url: external, stop: async () => {} };
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.error !== undefined || probe.status !== 0) throw new RedisServerMissingError();
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
  });
  // Keep reading, so a chatty server never blocks on a full pipe.
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
