import { Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RedisServerMissingError } from './RedisServerMissingError';
import { startTestRedis } from './startTestRedis';

/** Sends one inline command and reads the first reply line. */
async function command(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  const socket = new Socket();
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.connect(Number(port), hostname, resolve);
  });
  const reply = new Promise<string>((resolve) =>
    socket.once('data', (chunk) => resolve(chunk.toString().split('\r\n')[0] ?? '')),
  );
  socket.write(`${text}\r\n`);
  const line = await reply;
  socket.destroy();
  return line;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('startTestRedis', () => {
  it('starts a real redis-server on a free loopback port, and stops it', async () => {
    vi.stubEnv('REDIS_URL', '');
    const redis = await startTestRedis();
    expect(redis.url).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
    expect(await command(redis.url, 'PING')).toBe('+PONG');
    await redis.stop();
    await expect(command(redis.url, 'PING')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('uses REDIS_URL when it is set, and leaves that server alone', async () => {
    vi.stubEnv('REDIS_URL', 'redis://redis.internal:6390');
    const redis = await startTestRedis();
    expect(redis.url).toBe('redis://redis.internal:6390');
    await redis.stop();
  });

  it('fails, naming the fix, when no redis-server is on the PATH', async () => {
    vi.stubEnv('REDIS_URL', '');
    vi.stubEnv('PATH', '/nonexistent');
    const failure = await startTestRedis().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RedisServerMissingError);
    expect((failure as Error).message).toMatch(/install redis-server .* or set REDIS_URL/);
  });
});
