/**
 * Router core in-process: events/s and p99 per event for the 4-screen flow with the memory store,
 * against ussd-menu-builder running the same flow, alternating rounds in one process.
 */
import { umbFlow, ussdkitFlow } from './support/flows';
import { type Figure, pick, report } from './support/mode';
import { walk, walkUmb } from './support/phone';
import { median, summarize } from './support/stats';

const rounds = pick(6, 1);
const sessionsPerRound = pick(4000, 20);
const inputs = ['1', '500'];

const ours = ussdkitFlow();
const theirs = umbFlow();

async function roundOurs(tag: string, times: number[]): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < sessionsPerRound; i++) {
    await walk(ours, `${tag}-${i}`, inputs, (ms) => times.push(ms));
  }
  return ((sessionsPerRound * 3) / (performance.now() - started)) * 1000;
}

async function roundUmb(tag: string, times: number[]): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < sessionsPerRound; i++) {
    const last = await walkUmb(theirs, `${tag}-${i}`, inputs, (ms) => times.push(ms));
    if (!last.startsWith('END You will receive 500')) throw new Error(`unexpected: ${last}`);
  }
  return ((sessionsPerRound * 3) / (performance.now() - started)) * 1000;
}

// Warm-up (JIT) of both, not measured.
await roundOurs('warm', []);
await roundUmb('warm', []);

const ourRates: number[] = [];
const umbRates: number[] = [];
const ourTimes: number[] = [];
const umbTimes: number[] = [];
for (let r = 0; r < rounds; r++) {
  ourRates.push(await roundOurs(`o${r}`, ourTimes));
  umbRates.push(await roundUmb(`u${r}`, umbTimes));
}

const ourRate = median(ourRates);
const umbRate = median(umbRates);
const ourLatency = summarize(ourTimes);
const umbLatency = summarize(umbTimes);
const figures: Figure[] = [
  {
    name: 'Router core, 4-screen flow, memory store (events/s)',
    unit: 'events/s',
    ours: ourRate,
    ourLabel: '@ussdkit/router',
    baseline: umbRate,
    baselineLabel: 'ussd-menu-builder',
    higherIsBetter: true,
    target: { text: '>= 1.0x ussd-menu-builder', met: ourRate >= umbRate },
  },
  {
    name: 'Router core, 4-screen flow, p99 per event',
    unit: 'ms',
    ours: ourLatency.p99,
    ourLabel: '@ussdkit/router',
    baseline: umbLatency.p99,
    baselineLabel: 'ussd-menu-builder',
    higherIsBetter: false,
  },
];
report({
  script: 'router.ts',
  title: 'Router core, in-process',
  figures,
  details: [
    `${rounds} alternating rounds of ${sessionsPerRound} sequential sessions each (3 phone events a session; ours also handles the gateway's close event, inside the timed round but not counted as an event); median round rate.`,
    `Per-round events/s, ours: ${ourRates.map((r) => Math.round(r)).join(', ')}; ussd-menu-builder: ${umbRates.map((r) => Math.round(r)).join(', ')}.`,
    `Per event (ms), ours: mean ${ourLatency.mean.toFixed(4)}, p50 ${ourLatency.p50.toFixed(4)}, p99 ${ourLatency.p99.toFixed(4)}; ussd-menu-builder: mean ${umbLatency.mean.toFixed(4)}, p50 ${umbLatency.p50.toFixed(4)}, p99 ${umbLatency.p99.toFixed(4)}.`,
  ],
});
