/**
 * Stores: the 4-screen flow in-process with the memory store, a real Redis (`redis-server` on a
 * free port) and the stateless contextData store; events/s and mean/p99 per event, alternating
 * rounds. The memory store is the baseline. For Redis, also the round trips per event (target:
 * at most 2), on a single Redis and on a Redis Cluster (three masters): the commands the ioredis
 * client sends (each one awaited, so one round trip each; on the Cluster, those each node's
 * connection sends, so a redirect would count), over sessions walked after the timed rounds.
 */
import { contextDataStore, memoryStore } from '@ussdkit/router';
import { redisStore } from '@ussdkit/router/redis';
import { startTestRedis, startTestRedisCluster } from '@ussdkit/testing/redis';
import { Cluster, Redis } from 'ioredis';
import { ussdkitFlow } from './support/flows';
import { type Figure, pick, report } from './support/mode';
import { walk } from './support/phone';
import { median, summarize } from './support/stats';

const rounds = pick(4, 1);
/** The bound: an event costs Redis at most two round trips. */
const maxTrips = 2;
const sessionsPerRound = pick(1500, 10);
const inputs = ['1', '500'];

const redis = await startTestRedis();
const client = new Redis(redis.url);
// Every command the client sends, counted (an increment: nothing the timed rounds would feel).
let sent = 0;
const send = client.sendCommand.bind(client);
client.sendCommand = (...args: Parameters<typeof send>) => {
  sent += 1;
  return send(...args);
};
/** Round trips per event through `redisStore` on a Redis Cluster of three masters. */
async function clusterTrips(sessions: number): Promise<{ perEvent: number; commands: number }> {
  const cluster = await startTestRedisCluster({ replicasPerMaster: 0 });
  const routed = new Cluster([...cluster.nodes], { lazyConnect: true });
  let commands = 0;
  let counting = false;
  // Each node's own connection, as ioredis makes it: what reaches the servers, redirects too.
  routed.on('+node', (node: Redis) => {
    const own = node.sendCommand.bind(node);
    node.sendCommand = (...args: Parameters<typeof own>) => {
      // The Cluster's own upkeep (slot maps, INFO) is not an event's.
      const name = args[0]?.name.toLowerCase();
      if (counting && name !== 'cluster' && name !== 'info') commands += 1;
      return own(...args);
    };
  });
  try {
    await routed.connect();
    const app = ussdkitFlow(redisStore({ client: routed, keyPrefix: 'bench:' }));
    // Scripts loaded and every node's connection opened before counting.
    for (let i = 0; i < 20; i++) await walk(app, `cluster-warm-${i}`, inputs, () => undefined);
    counting = true;
    for (let i = 0; i < sessions; i++) await walk(app, `cluster-${i}`, inputs, () => undefined);
    counting = false;
    // Nothing counted would read as a met bound: it means the counting missed the connections.
    if (commands === 0) throw new Error('no command counted on the Cluster nodes');
    return { perEvent: commands / (sessions * (inputs.length + 2)), commands };
  } finally {
    routed.disconnect();
    await cluster.stop();
  }
}

try {
  const apps = {
    memory: ussdkitFlow(memoryStore()),
    redis: ussdkitFlow(redisStore({ client, keyPrefix: 'bench:' })),
    contextData: ussdkitFlow(
      contextDataStore({ secret: 'bench-secret-bench-secret-bench-secret' }),
    ),
  };
  type Name = keyof typeof apps;
  const rates: Record<Name, number[]> = { memory: [], redis: [], contextData: [] };
  const times: Record<Name, number[]> = { memory: [], redis: [], contextData: [] };
  const round = async (name: Name, tag: string, sink: number[]): Promise<number> => {
    const started = performance.now();
    for (let i = 0; i < sessionsPerRound; i++) {
      await walk(apps[name], `${tag}-${i}`, inputs, (ms) => sink.push(ms));
    }
    return ((sessionsPerRound * 3) / (performance.now() - started)) * 1000;
  };
  const names = Object.keys(apps) as Name[];
  for (const name of names) await round(name, `warm-${name}`, []);
  for (let r = 0; r < rounds; r++) {
    for (const name of names) rates[name].push(await round(name, `${name}-${r}`, times[name]));
  }
  const base = median(rates.memory);
  // Round trips: every event of a session (dial, two inputs, and the gateway's close).
  const counted = pick(200, 5);
  sent = 0;
  for (let i = 0; i < counted; i++) await walk(apps.redis, `trips-${i}`, inputs, () => undefined);
  const tripsPerEvent = sent / (counted * (inputs.length + 2));
  const onCluster = await clusterTrips(counted);
  const trips = (where: string, perEvent: number): Figure => ({
    name: `redisStore round trips per event, ${where}`,
    unit: 'round trips',
    ours: perEvent,
    ourLabel: 'redisStore',
    higherIsBetter: false,
    target: { text: `<= ${maxTrips}`, met: perEvent <= maxTrips },
  });
  const figures: Figure[] = (['redis', 'contextData'] as const).map((name) => ({
    name: `Store ${name === 'redis' ? 'redisStore (real redis-server)' : 'contextDataStore'}: events/s`,
    unit: 'events/s',
    ours: median(rates[name]),
    ourLabel: name,
    baseline: base,
    baselineLabel: 'memoryStore',
    higherIsBetter: true,
    note:
      `p99 per event ${summarize(times[name]).p99.toFixed(3)} ms (memory ${summarize(times.memory).p99.toFixed(3)} ms)` +
      (name === 'redis' ? `; ${tripsPerEvent.toFixed(2)} Redis round trips per event` : ''),
  }));
  figures.push(
    trips('single Redis', tripsPerEvent),
    trips('Redis Cluster (3 masters)', onCluster.perEvent),
  );
  report({
    script: 'stores.ts',
    title: 'Session stores',
    figures,
    details: [
      `${rounds} alternating rounds of ${sessionsPerRound} sequential sessions per store (3 phone events + close), median round rate; Redis on loopback, one ioredis client.`,
      `redisStore: ${tripsPerEvent.toFixed(2)} Redis round trips per event (${sent} commands for ${counted} sessions of ${inputs.length + 2} events: dial, inputs, close); on a Redis Cluster of three masters, ${onCluster.perEvent.toFixed(2)} (${onCluster.commands} commands sent by the nodes' connections for the same number of sessions).`,
      '| store | events/s | mean per event (ms) | p99 per event (ms) |',
      '|---|---|---|---|',
      ...names.map((name) => {
        const s = summarize(times[name]);
        return `| ${name} | ${Math.round(median(rates[name]))} | ${s.mean.toFixed(3)} | ${s.p99.toFixed(3)} |`;
      }),
    ],
  });
} finally {
  client.disconnect();
  await redis.stop();
}
