import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RedisClient } from '../../src/redis';
import type { RedisTarget } from './redisBackends';

/** What Redis received for one session, seen from the server's side. */
export interface RoundTrips {
  /**
   * The commands sent for the session's keys (`{<sessionId>}`) since the last call, by name
   * (`evalsha`, `eval`, `get`…): one per round trip, since every one is awaited. `via` sends a
   * marker of the session's hash tag, which lands on the session's node after its commands, so
   * they are all counted once the marker shows.
   */
  take(sessionId: string, via: RedisClient): Promise<string[]>;
  stop(): void;
}

/**
 * Watches every node of the target with `MONITOR` (which lists each command a server runs, in
 * order), keeping the commands clients sent (not the ones scripts ran inside Redis).
 */
export async function watchRoundTrips(target: RedisTarget): Promise<RoundTrips> {
  const addresses =
    target.kind === 'single'
      ? [new URL(target.url)].map((url) => ({ host: url.hostname, port: Number(url.port || 6379) }))
      : target.nodes;
  const seen: string[][] = [];
  const waiting = new Map<string, () => void>();
  const connections: Redis[] = [];
  for (const { host, port } of addresses) {
    const connection = new Redis(port, host);
    connections.push(connection);
    const monitor = await connection.monitor();
    connections.push(monitor);
    monitor.on('monitor', (_time: string, args: string[], source: string) => {
      if (source === 'lua') return;
      const marker = args.find((arg) => waiting.has(arg));
      if (marker !== undefined) waiting.get(marker)?.();
      else seen.push(args);
    });
  }
  return {
    async take(sessionId, via) {
      const tag = `{${sessionId}}`;
      const marker = `round-trips-marker:${tag}:${randomUUID()}`;
      const arrived = new Promise<void>((resolve) => waiting.set(marker, resolve));
      await via.get(marker);
      await arrived;
      waiting.delete(marker);
      const mine = seen.filter((args) => args.some((arg) => arg.includes(tag)));
      for (const args of mine) seen.splice(seen.indexOf(args), 1);
      return mine.map((args) => String(args[0]).toLowerCase());
    },
    stop() {
      for (const connection of connections) connection.disconnect();
    },
  };
}
