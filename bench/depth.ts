/**
 * Per-hop cost as the flow deepens from 2 to 20 screens: ours against ussd-menu-builder, which
 * replays the whole path on every hop. Mean time per event and of the last hop, per depth.
 */
import { umbDeepFlow, ussdkitDeepFlow } from './support/flows';
import { type Figure, pick, report } from './support/mode';
import { walk, walkUmb } from './support/phone';
import { summarize } from './support/stats';

const depths = [2, 5, 10, 20];
const sessions = pick(1500, 5);

interface Row {
  readonly depth: number;
  readonly oursHop: number;
  readonly oursLast: number;
  readonly umbHop: number;
  readonly umbLast: number;
}

async function measure(depth: number, measured: boolean): Promise<Row> {
  const ours = ussdkitDeepFlow(depth);
  const theirs = umbDeepFlow(depth);
  const inputs = Array.from({ length: depth - 1 }, () => '1');
  const ourAll: number[] = [];
  const ourLast: number[] = [];
  const umbAll: number[] = [];
  const umbLast: number[] = [];
  const count = measured ? sessions : Math.max(5, Math.floor(sessions / 5));
  for (let i = 0; i < count; i++) {
    let hop = 0;
    await walk(ours, `d${depth}-${i}`, inputs, (ms) => {
      ourAll.push(ms);
      if (++hop === depth) ourLast.push(ms);
    });
    hop = 0;
    const last = await walkUmb(theirs, `d${depth}-${i}`, inputs, (ms) => {
      umbAll.push(ms);
      if (++hop === depth) umbLast.push(ms);
    });
    if (!last.startsWith(`END Screen ${depth}`)) throw new Error(`unexpected: ${last}`);
  }
  return {
    depth,
    oursHop: summarize(ourAll).mean,
    oursLast: summarize(ourLast).mean,
    umbHop: summarize(umbAll).mean,
    umbLast: summarize(umbLast).mean,
  };
}

for (const depth of depths) await measure(depth, false); // warm-up
const rows: Row[] = [];
for (const depth of depths) rows.push(await measure(depth, true));

const first = rows[0] as Row;
const last = rows[rows.length - 1] as Row;
const ourGrowth = last.oursLast / first.oursLast;
const umbGrowth = last.umbLast / first.umbLast;
const figures: Figure[] = [
  {
    name: 'Last-hop cost at depth 20 (mean ms)',
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
    `${sessions} sessions per depth, each a chain of one-item menus ("1. Next") ending on an info screen; times in ms.`,
    '| depth | ours: mean per event | ours: last hop | ussd-menu-builder: mean per event | ussd-menu-builder: last hop |',
    '|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.depth} | ${r.oursHop.toFixed(4)} | ${r.oursLast.toFixed(4)} | ${r.umbHop.toFixed(4)} | ${r.umbLast.toFixed(4)} |`,
    ),
  ],
});
