/**
 * Reference gateway: memory per open session at 1,000 and 10,000 concurrent sessions (child
 * process with --expose-gc, heap and RSS growth after gc), and dial-to-screen latency p50/p99 at
 * a fixed arrival rate with a fast app (a node:http app in its own child process).
 */
import { Pool } from 'undici';
import { type Child, nextLine, startChild } from './support/child';
import { type Figure, pick, quick, report } from './support/mode';
import { dial, msisdnOf } from './support/sandboxConfig';
import { summarize } from './support/stats';

const counts = pick([1_000, 10_000], [50, 100]);
const rate = pick(500, 100); // sessions per second
const seconds = pick(10, 0.3);
// A light load as well, to show the latency of a dial when the gateway is not saturated.
const lightRate = pick(50, 20);
const lightSeconds = pick(4, 0.3);
const mb = 1024 * 1024;

interface Memory {
  readonly sessions: number;
  readonly heapBytes: number;
  readonly rssBytes: number;
  readonly externalBytes: number;
}

async function memory(appUrl: string): Promise<Memory[]> {
  const child = await startChild<{ ready: boolean }>(
    'support/gatewayMemory.ts',
    counts.map(String),
    ['--expose-gc'],
    { APP_URL: appUrl },
  );
  const rows: Memory[] = [];
  for (let i = 0; i < counts.length; i++) rows.push(await nextLine<Memory>(child));
  await child.stop();
  return rows;
}

interface Latency {
  readonly times: number[];
  /** Times of the dials started after the first second (the ramp-up left out). */
  readonly steady: number[];
  readonly failures: number;
  readonly lateStarts: number;
  /** Dials answered per second, from the first dial to the last answer. */
  readonly throughput: number;
}

/** Dials at a fixed arrival rate through `pool`, timing each dial until its first screen. */
async function latency(pool: Pool, rate: number, seconds: number, first: number): Promise<Latency> {
  const times: number[] = [];
  const steady: number[] = [];
  let failures = 0;
  let lateStarts = 0;
  let start = 0;
  const dialOne = async (i: number): Promise<void> => {
    const started = performance.now();
    const { statusCode, body } = await pool.request({
      path: '/sandbox/sessions',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ msisdn: msisdnOf(first + i), dial }),
    });
    const json = (await body.json()) as { open?: boolean };
    times.push(performance.now() - started);
    if (started - start >= 1000) steady.push(performance.now() - started);
    if (statusCode !== 200 || json.open !== true) failures++;
  };
  const total = Math.round(rate * seconds);
  const inFlight: Promise<void>[] = [];
  start = performance.now();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate) + 1);
    if (due - sent > 1) lateStarts += due - sent - 1;
    while (sent < due) inFlight.push(dialOne(sent++));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(inFlight);
  const throughput = (total / (performance.now() - start)) * 1000;
  return { times, steady, failures, lateStarts, throughput };
}

/** Starts the sandbox (HTTP) in a child; warms it up; runs the light, then the target load. */
async function latencies(appUrl: string): Promise<{ light: Latency; heavy: Latency }> {
  const server = await startChild<{ url: string }>('support/gatewayServer.ts', [], [], {
    APP_URL: appUrl,
  });
  const pool = new Pool(server.ready.url, { connections: 64 });
  try {
    if (!quick) await latency(pool, 100, 2, 3_000_000); // warm-up, not measured
    const light = await latency(pool, lightRate, lightSeconds, 2_000_000);
    const heavy = await latency(pool, rate, seconds, 0);
    return { light, heavy };
  } finally {
    await pool.close();
    await server.stop();
  }
}

let app: Child<{ port: number }> | undefined;
try {
  app = await startChild<{ port: number }>('support/fastApp.ts');
  const appUrl = `http://127.0.0.1:${app.ready.port}/ussd`;
  const rows = await memory(appUrl);
  const { light, heavy: measured } = await latencies(appUrl);
  const lat = summarize(measured.times);
  const steadyLat = summarize(measured.steady);
  const lightLat = summarize(light.times);
  const largest = rows[rows.length - 1] as Memory;
  const figures: Figure[] = rows.map((row) => ({
    name: `Gateway memory at ${row.sessions.toLocaleString('en-US')} open sessions (larger of heap and RSS growth)`,
    unit: 'MB',
    ours: Math.max(row.heapBytes, row.rssBytes) / mb,
    ourLabel: 'reference gateway',
    higherIsBetter: false,
    ...(row === largest && row.sessions >= 10_000
      ? {
          target: {
            text: '< 200 MB at 10,000 sessions',
            met: Math.max(row.heapBytes, row.rssBytes) < 200 * mb,
          },
        }
      : {}),
    note: `${(row.heapBytes / row.sessions / 1024).toFixed(2)} KiB heap and ${(row.rssBytes / row.sessions / 1024).toFixed(2)} KiB RSS per session; RSS growth ${(row.rssBytes / mb).toFixed(1)} MB`,
  }));
  figures.push(
    {
      name: `Gateway dial-to-screen latency p50 at ${rate} sessions/s`,
      unit: 'ms',
      ours: lat.p50,
      ourLabel: 'reference gateway',
      higherIsBetter: false,
    },
    {
      name: `Gateway dial-to-screen latency p99 at ${lightRate} sessions/s (light load)`,
      unit: 'ms',
      ours: lightLat.p99,
      ourLabel: 'reference gateway',
      higherIsBetter: false,
      note: `p50 ${lightLat.p50.toFixed(2)} ms; not the target figure: it shows the latency of one dial without queueing`,
    },
    {
      name: `Gateway dial-to-screen latency p99 at ${rate} sessions/s`,
      unit: 'ms',
      ours: lat.p99,
      ourLabel: 'reference gateway',
      higherIsBetter: false,
      ...(quick ? {} : { target: { text: 'p99 < 20 ms at 500 sessions/s', met: lat.p99 < 20 } }),
      note: `without the dials started in the first second (ramp-up: JIT, new connections): p50 ${steadyLat.p50.toFixed(2)} ms, p99 ${steadyLat.p99.toFixed(2)} ms, max ${steadyLat.max.toFixed(2)} ms over ${steadyLat.count} dials; the target is judged on the whole run`,
    },
  );
  report({
    script: 'gateway.ts',
    title: 'Reference gateway',
    figures,
    details: [
      `Memory: in-process sandbox (createSandbox) in a child with --expose-gc; a fast app (constant chooser answer, node:http) in another child; sessions opened 32 at a time through POST /sandbox/sessions, each with its own msisdn; growth of heapUsed and RSS after 4 gc() calls (each followed by a turn of the event loop, so finalization cleanups run) against a baseline taken after 200 warm-up sessions. A session stays open (chooser screen) until the sandbox's 120 s limit.`,
      ...rows.map(
        (row) =>
          `${row.sessions} sessions: heap +${(row.heapBytes / mb).toFixed(1)} MB, RSS +${(row.rssBytes / mb).toFixed(1)} MB, external +${(row.externalBytes / mb).toFixed(1)} MB.`,
      ),
      `Latency: startSandbox (HTTP, @hono/node-server) in a child, ${rate} dials/s for ${seconds} s (${measured.times.length} sessions) from an undici Pool here, each POST /sandbox/sessions timed until its JSON answer (the first screen); mean ${lat.mean.toFixed(2)} ms, p50 ${lat.p50.toFixed(2)} ms, p99 ${lat.p99.toFixed(2)} ms, max ${lat.max.toFixed(2)} ms; ${measured.failures} failed; ${measured.lateStarts} dials started late (the load generator's own catch-up); the gateway answered ${measured.throughput.toFixed(0)} dials/s overall (below the offered rate means it was saturated and the dials queued).`,
      `Light load: ${lightRate} dials/s for ${lightSeconds} s (${light.times.length} sessions, measured first, after 200 warm-up dials): p50 ${lightLat.p50.toFixed(2)} ms, p99 ${lightLat.p99.toFixed(2)} ms, max ${lightLat.max.toFixed(2)} ms; ${light.failures} failed.`,
    ],
  });
} finally {
  await app?.stop();
}
