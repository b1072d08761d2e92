/**
 * Per-hop cost as the flow deepens from 2 to 20 screens: ours against ussd-menu-builder, which
 * replays the whole path on every hop. Mean time per event and of the last hop, per depth.
 */
import { umbDeepFlow, ussdkitDeepFlow } from './support/flows';
import { type Figure, pick, report } from './support/mode';
import { walk, walkUmb } from './support/phone';
import { summarize } from './support/stats';

const depths = [2, 5, 10, 20];
const rounds = pick(4, 1);
const sessionsPerRound = pick(400, 5);

interface Row {
  readonly depth: number;
  readonly oursHop: number;
  readonly oursLast: number;
  readonly umbHop: number;
  readonly umbLast: number;
}

interface Samples {
  readonly ourAll: number[];
  readonly ourLast: number[];
  readonly umbAll: number[];
  readonly umbLast: number[];
}

const flows = new Map(
  depths.map((depth) => [depth, { ours: ussdkitDeepFlow(depth), theirs: umbDeepFlow(depth) }]),
);
const samples = new Map<number, Samples>(
  depths.map((depth) => [depth, { ourAll: [], ourLast: [], umbAll: [], umbLast: [] }]),
);

async function measure(depth: number, count: number, tag: string, into?: Samples): Promise<void> {
  const flow = flows.get(depth);
  if (flow === undefined) throw new Error(`no flow of depth ${depth}`);
  const { ours, theirs } = flow;
  const inputs = Array.from({ length: depth - 1 }, () => '1');
  for (let i = 0; i < count; i++) {
    let hop = 0;
    await walk(ours, `${tag}-d${depth}-${i}`, inputs, (ms) => {
      into?.ourAll.push(ms);
      if (++hop === depth) into?.ourLast.push(ms);
    });
    hop = 0;
    const last = await walkUmb(theirs, `${tag}-d${depth}-${i}`, inputs, (ms) => {
      into?.umbAll.push(ms);
      if (++hop === depth) into?.umbLast.push(ms);
    });
    if (!last.startsWith(`END Screen ${depth}`)) throw new Error(`unexpected: ${last}`);
  }
}

for (const depth of depths) await measure(depth, Math.max(5, sessionsPerRound / 4), 'warm');
// Depths alternate within each round (forward, then backward) so that a drift in the machine's
// load does not read as a growth with depth.
for (let r = 0; r < rounds; r++) {
  const order = r % 2 === 0 ? depths : [...depths].reverse();
  for (const depth of order) await measure(depth, sessionsPerRound, `r${r}`, samples.get(depth));
}
const rows: Row[] = depths.map((depth) => {
  const s = samples.get(depth) as Samples;
  return {
    depth,
    oursHop: summarize(s.ourAll).mean,
    oursLast: summarize(s.ourLast).p50,
    umbHop: summarize(s.umbAll).mean,
    umbLast: summarize(s.umbLast).p50,
  };
});

const first = rows[0] as Row;
const last = rows[rows.length - 1] as Row;
const ourGrowth = last.oursLast / first.oursLast;
const umbGrowth = last.umbLast / first.umbLast;
const figures: Figure[] = [
  {
    name: 'Last-hop cost at depth 20 (median ms)',
    unit: 'ms',
    ours: last.oursLast,
    ourLabel: '@ussdkit/router',
    baseline: last.umbLast,
    baselineLabel: 'ussd-menu-builder',
    higherIsBetter: false,
  },
  {
    name: 'Last-hop cost growth, depth 2 -> 20 (x)',
    unit: 'x',
    ours: ourGrowth,
    ourLabel: '@ussdkit/router',
    baseline: umbGrowth,
    baselineLabel: 'ussd-menu-builder',
    higherIsBetter: false,
    target: { text: 'ours stays flat (growth <= 1.5x)', met: ourGrowth <= 1.5 },
  },
];
report({
  script: 'depth.ts',
  title: 'Per-hop cost as the flow deepens',
  figures,
  details: [
    `${rounds} rounds of ${sessionsPerRound} sessions per depth (depth order alternating between rounds), each a chain of one-item menus ("1. Next") ending on an info screen; times in ms.`,
    '| depth | ours: mean per event | ours: last hop (median) | ussd-menu-builder: mean per event | ussd-menu-builder: last hop (median) |',
    '|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.depth} | ${r.oursHop.toFixed(4)} | ${r.oursLast.toFixed(4)} | ${r.umbHop.toFixed(4)} | ${r.umbLast.toFixed(4)} |`,
    ),
  ],
});
