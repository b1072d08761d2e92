/**
 * Router core in-process: events/s and p99 per event for the 3-screen airtime flow with the
 * memory store, through `app.dispatch` (typed events, as ussd-menu-builder's `run` is handed an
 * object) and `app.handle` (the raw JSON body), against ussd-menu-builder's `menu.run` on the
 * same flow; rounds alternate in one process.
 */
import { umbFlow, ussdkitFlow } from './support/flows';
import { type Figure, pick, report } from './support/mode';
import { walk, walkDispatch, walkUmb } from './support/phone';
import { median, summarize } from './support/stats';

const rounds = pick(6, 1);
const sessionsPerRound = pick(4000, 20);
const inputs = ['1', '500'];
/** The target: the router's event at a quarter of ussd-menu-builder's rate or better. */
const target = 0.25;

const ours = ussdkitFlow();
const theirs = umbFlow();

type Walker = (tag: string, times: number[]) => Promise<void>;
const walkers: Record<'dispatch' | 'handle' | 'umb', Walker> = {
  dispatch: async (tag, times) => {
    for (let i = 0; i < sessionsPerRound; i++) {
      await walkDispatch(ours, `${tag}-${i}`, inputs, (ms) => times.push(ms));
    }
  },
  handle: async (tag, times) => {
    for (let i = 0; i < sessionsPerRound; i++) {
      await walk(ours, `${tag}-${i}`, inputs, (ms) => times.push(ms));
    }
  },
  umb: async (tag, times) => {
    for (let i = 0; i < sessionsPerRound; i++) {
      const last = await walkUmb(theirs, `${tag}-${i}`, inputs, (ms) => times.push(ms));
      if (!last.startsWith('END You will receive 500')) throw new Error(`unexpected: ${last}`);
    }
  },
};
type Name = keyof typeof walkers;
const names = Object.keys(walkers) as Name[];

async function round(name: Name, tag: string, times: number[]): Promise<number> {
  const started = performance.now();
  await walkers[name](tag, times);
  return ((sessionsPerRound * 3) / (performance.now() - started)) * 1000;
}

// Warm-up (JIT) of each, not measured.
for (const name of names) await round(name, `warm-${name}`, []);

const rates: Record<Name, number[]> = { dispatch: [], handle: [], umb: [] };
const times: Record<Name, number[]> = { dispatch: [], handle: [], umb: [] };
for (let r = 0; r < rounds; r++) {
  // A rotating order, so that none always follows the same one (and its garbage).
  for (let k = 0; k < names.length; k++) {
    const name = names[(r + k) % names.length] as Name;
    rates[name].push(await round(name, `${name}${r}`, times[name]));
  }
}

const umbRate = median(rates.umb);
const labels: Record<Name, string> = {
  dispatch: '@ussdkit/router app.dispatch',
  handle: '@ussdkit/router app.handle',
  umb: 'ussd-menu-builder menu.run',
};
const rateFigure = (name: 'dispatch' | 'handle'): Figure => {
  const rate = median(rates[name]);
  return {
    name: `Router core in-process, ${name === 'dispatch' ? 'typed events (app.dispatch)' : 'raw JSON bodies (app.handle)'} (phone events/s)`,
    unit: 'events/s',
    ours: rate,
    ourLabel: labels[name],
    baseline: umbRate,
    baselineLabel: labels.umb,
    higherIsBetter: true,
    // The target is the typed event's, as menu.run is handed a parsed object; the raw body's
    // figure adds JSON.parse and is shown beside it.
    ...(name === 'dispatch'
      ? { target: { text: `>= ${target}x ussd-menu-builder`, met: rate >= target * umbRate } }
      : { note: 'not a target: the same events as raw JSON bodies (JSON.parse added)' }),
  };
};
const latency = (name: Name) => summarize(times[name]);
const figures: Figure[] = [
  rateFigure('dispatch'),
  rateFigure('handle'),
  {
    name: 'Router core in-process, p99 per event (app.dispatch)',
    unit: 'ms',
    ours: latency('dispatch').p99,
    ourLabel: labels.dispatch,
    baseline: latency('umb').p99,
    baselineLabel: labels.umb,
    higherIsBetter: false,
  },
];
const perEvent = (name: Name) => {
  const s = latency(name);
  return `${labels[name]}: mean ${(s.mean * 1000).toFixed(2)} µs, p50 ${(s.p50 * 1000).toFixed(2)} µs, p99 ${(s.p99 * 1000).toFixed(2)} µs`;
};
report({
  script: 'router.ts',
  title: 'Router core, in-process',
  figures,
  details: [
    `${rounds} rotating rounds of ${sessionsPerRound} sequential sessions each (3 phone events a session; ours also handles the gateway's close event, inside the timed round but not counted as an event); median round rate.`,
    ...names.map(
      (name) =>
        `Per-round events/s, ${labels[name]}: ${rates[name].map((r) => Math.round(r)).join(', ')}.`,
    ),
    `Per event: ${names.map(perEvent).join('; ')}.`,
  ],
});
