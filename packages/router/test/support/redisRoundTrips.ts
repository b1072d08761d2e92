import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
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
 * Opens `MONITOR` on one server over a plain socket and calls `heard` with each command's source
 * (`lua` for commands scripts ran) and arguments. Not ioredis's `monitor()`: its connection
 * fails with "Command queue state error" when a command of another client is listed in the same
 * packet as MONITOR's `+OK`, which happens when clients connect while the watch starts.
 */
async function monitor(
  host: string,
  port: number,
  heard: (source: string, args: string[]) => void,
): Promise<Socket> {
  const socket = connect(port, host);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let buffered = '';
  let started: () => void = () => {};
  const ok = new Promise<void>((resolve) => {
    started = resolve;
  });
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    let end = buffered.indexOf('\r\n');
    while (end >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      end = buffered.indexOf('\r\n');
      if (line === '+OK') started();
      // `+<time> [<db> <source>] "<command>" "<arg>" …`, each argument quoted with C escapes.
      const listed = /^\+\d+\.\d+ \[\d+ ([^\]]+)\] (.*)$/.exec(line);
      if (listed === null) continue;
      const args = [...(listed[2] ?? '').matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) =>
        (m[1] ?? '').replace(/\\(.)/g, '$1'),
      );
      heard(listed[1] ?? '', args);
    }
  });
  socket.write('MONITOR\r\n');
  await ok;
  return socket;
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
  const sockets: Socket[] = [];
  for (const { host, port } of addresses) {
    sockets.push(
      await monitor(host, port, (source, args) => {
        if (source === 'lua') return;
        const marker = args.find((arg) => waiting.has(arg));
        if (marker !== undefined) waiting.get(marker)?.();
        else seen.push(args);
      }),
    );
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
      for (const socket of sockets) socket.destroy();
    },
  };
}
