/**
 * The race: the same 3-screen airtime flow over HTTP on loopback, 16 customers at a time, each
 * server in a child process of its own, rounds rotating between them, medians of the rounds.
 *
 * - ussd-menu-builder on Express, on Africa's Talking's protocol (3 requests a session), is 1.00;
 * - our text gateways (`support/raceGateways.ts`: Africa's Talking, Hubtel) on Express and on
 *   Hono, the same requests: >= 1.0x and >= 2.0x (Hubtel's also against ussd-menu-builder's
 *   Hubtel mode, like for like);
 * - the native protocol (4 requests a session: new, continue, continue and the gateway's close):
 *   bare Express answering the same bytes (`express.json()` and canned answers) against
 *   `@ussdkit/express` (>= 0.97x of it), bare Hono likewise against `@ussdkit/hono`, which is
 *   also held to >= 2.0x ussd-menu-builder.
 *
 * Throughput is counted in phone events (3 a session, the same for every protocol): a session
 * counts only when its last screen is the flow's.
 */
import { startChild } from './support/child';
import { treeCpuMs } from './support/cpuTime';
import { type Figure, pick, quick, report } from './support/mode';
import { raceGateways } from './support/raceGateways';
import { type Protocol, type SessionRun, sessionLoad } from './support/sessionLoad';
import { median } from './support/stats';

const duration = pick(5, 0.5);
const rounds = Number(process.env.BENCH_ROUNDS ?? pick(3, 1));
const connections = 16;
const phoneEvents = 3;

interface Contender {
  readonly kind: string;
  readonly label: string;
  readonly protocol: Protocol;
  readonly path: string;
}

const contenders: Contender[] = [
  {
    kind: 'umb',
    label: "ussd-menu-builder 1.2.0 on Express, Africa's Talking protocol",
    protocol: 'africasTalking',
    path: '/ussd',
  },
  ...raceGateways.flatMap((g) => [
    ...(g.incumbent === undefined ? [] : [{ ...g.incumbent, protocol: g.protocol, path: g.path }]),
    {
      kind: `${g.name}-express`,
      label: `${g.label} on Express`,
      protocol: g.protocol,
      path: g.path,
    },
    { kind: `${g.name}-hono`, label: `${g.label} on Hono`, protocol: g.protocol, path: g.path },
  ]),
  {
    kind: 'floor-hono-at',
    label: "bare Hono reading the Node request, Africa's Talking protocol (canned answers)",
    protocol: 'africasTalking',
    path: '/ussd',
  },
  {
    kind: 'floor-hono',
    label: 'bare Hono reading the Node request, native protocol (canned answers)',
    protocol: 'native',
    path: '/ussd',
  },
  {
    kind: 'bare-node-at',
    label: "bare node:http, Africa's Talking protocol (canned answers)",
    protocol: 'africasTalking',
    path: '/ussd',
  },
  {
    kind: 'bare-node',
    label: 'bare node:http, native protocol (canned answers)',
    protocol: 'native',
    path: '/ussd',
  },
  {
    kind: 'bare-express',
    label: 'bare Express, native protocol (express.json(), canned answers)',
    protocol: 'native',
    path: '/ussd',
  },
  {
    kind: 'express',
    label: '@ussdkit/express, native protocol',
    protocol: 'native',
    path: '/ussd',
  },
  {
    kind: 'bare-hono',
    label: 'bare Hono, native protocol (c.req.json(), canned answers)',
    protocol: 'native',
    path: '/ussd',
  },
  { kind: 'hono', label: '@ussdkit/hono, native protocol', protocol: 'native', path: '/ussd' },
];

// `tsx bench/versusIncumbent.ts at-express express`: only these (and ussd-menu-builder, the
// baseline), when looking into one server; the figures of absent contenders are left out.
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
if (only.length > 0) {
  const kept = contenders.filter((c) => c.kind === 'umb' || only.includes(c.kind));
  contenders.splice(0, contenders.length, ...kept);
}

/**
 * Each server in a child process of its own; in quick mode, which only checks that every server
 * runs, all in one (each child compiles the packages from source, the most of a quick run).
 */
const servers: { process: { pid?: number | undefined }; port: number }[] = [];
const children = await Promise.all(
  (quick ? [contenders.map((c) => c.kind).join(',')] : contenders.map((c) => c.kind)).map((kinds) =>
    startChild<{ ports: number[] }>('support/raceServer.ts', [kinds]),
  ),
);
for (const child of children) {
  for (const port of child.ready.ports) servers.push({ process: child.process, port });
}
/** A load run, with the server's CPU time per phone event (µs) where `/proc` tells it. */
type Run = SessionRun & { readonly cpuPerEvent: number | undefined };
const runs = new Map<string, Run[]>(contenders.map((c) => [c.kind, []]));
try {
  const load = async (i: number): Promise<Run> => {
    const c = contenders[i] as Contender;
    const server = servers[i];
    const origin = `http://127.0.0.1:${server?.port}`;
    const before = treeCpuMs(server?.process.pid);
    const run = await sessionLoad(origin, c.protocol, c.path, connections, duration);
    const after = treeCpuMs(server?.process.pid);
    const events = run.sessionsPerSecond * phoneEvents * duration;
    const cpuPerEvent =
      before === undefined || after === undefined || events === 0
        ? undefined
        : ((after - before) * 1000) / events;
    return { ...run, cpuPerEvent };
  };
  if (!quick) for (let i = 0; i < contenders.length; i++) await load(i); // warm-up (JIT)
  for (let r = 0; r < rounds; r++) {
    // A rotating order, so that no contender always follows the same one.
    for (let k = 0; k < contenders.length; k++) {
      const i = (r + k) % contenders.length;
      runs.get((contenders[i] as Contender).kind)?.push(await load(i));
    }
  }
} finally {
  await Promise.all(children.map((child) => child.stop()));
}

/** Median phone events/s of a contender. */
const rate = (kind: string) =>
  median((runs.get(kind) ?? []).map((run) => run.sessionsPerSecond * phoneEvents));
const labelOf = (kind: string) => contenders.find((c) => c.kind === kind)?.label ?? kind;

/** A contender against a baseline, with its target (a ratio) when it has one. */
function versus(kind: string, base: string, target?: number, note?: string): Figure[] {
  if (!runs.has(kind) || !runs.has(base)) return [];
  const ours = rate(kind);
  const baseline = rate(base);
  const figure: Figure = {
    name: `${labelOf(kind)} (phone events/s)`,
    unit: 'events/s',
    ours,
    ourLabel: labelOf(kind),
    baseline,
    baselineLabel: labelOf(base),
    higherIsBetter: true,
    ...(target === undefined
      ? {}
      : {
          target: {
            text: `>= ${target.toFixed(2)}x ${base === 'umb' ? 'ussd-menu-builder on Express' : labelOf(base)}`,
            met: ours >= target * baseline,
          },
        }),
    ...(note === undefined ? {} : { note }),
  };
  return [figure];
}

const figures: Figure[] = [
  ...raceGateways.flatMap((g) => [
    ...versus(`${g.name}-express`, 'umb', 1.0),
    ...versus(`${g.name}-hono`, 'umb', 2.0),
    ...(g.incumbent === undefined
      ? []
      : [
          ...versus(g.incumbent.kind, 'umb', undefined, 'not a target: the incumbent in this mode'),
          ...versus(
            `${g.name}-express`,
            g.incumbent.kind,
            undefined,
            'like for like, not a target',
          ),
          ...versus(`${g.name}-hono`, g.incumbent.kind, undefined, 'like for like, not a target'),
        ]),
  ]),
  ...versus(
    'floor-hono-at',
    'umb',
    undefined,
    'not a target: Hono on @hono/node-server doing the least a handler can (the body read from the Node request, canned answers), 3 requests a session: the floor of the text gateways on Hono',
  ),
  ...versus(
    'floor-hono',
    'umb',
    undefined,
    'not a target: the same on the native protocol, 4 requests a session: the floor of @ussdkit/hono',
  ),
  ...versus(
    'bare-node-at',
    'umb',
    undefined,
    "not a target: node:http alone, 3 requests a session, no framework and no router; the ceiling of the text gateways' >= 2.0x on Hono (@hono/node-server runs on node:http)",
  ),
  ...versus(
    'bare-node',
    'umb',
    undefined,
    'not a target: node:http alone on the native protocol, 4 requests a session, no framework and no router; the ceiling of @ussdkit/hono',
  ),
  ...versus(
    'bare-express',
    'umb',
    undefined,
    'not a target: the native protocol adds a close request to every session, and this is what Express answers with no router at all',
  ),
  ...versus('express', 'bare-express', 0.97),
  ...versus('express', 'umb'),
  ...versus('hono', 'umb', 2.0),
  ...versus(
    'hono',
    'bare-hono',
    undefined,
    'not a target: bare Hono reads the body through the web Request that @hono/node-server builds',
  ),
];
/** Median server CPU µs per phone event of a contender (NaN without `/proc`). */
const cpu = (kind: string) =>
  median((runs.get(kind) ?? []).map((run) => run.cpuPerEvent ?? Number.NaN));
const per = (kind: string, pick: (run: Run) => number, digits = 0) =>
  (runs.get(kind) ?? []).map((run) => pick(run).toFixed(digits)).join(', ');
report({
  script: 'versusIncumbent.ts',
  title: 'The race: the same flow over HTTP, side by side',
  figures,
  details: [
    `autocannon, ${connections} connections (${connections} customers at a time), ${duration} s per run, ${rounds} rounds rotating between the servers (each in its own child process) after a warm-up run of each, median of the rounds. Phone events/s = whole sessions/s x ${phoneEvents}; a session counts only when its last screen is the flow's ("You will receive 500 NGN of airtime."). Africa's Talking's protocol: 3 form POSTs a session (text "", "1", "1*500"), answered CON/END; Hubtel's: 3 JSON POSTs (Initiation with the dialled string, Response "1", Response "500"), answered Response/Release; the native protocol: 4 JSON requests (new, continue "1", continue "500" and the gateway's close).`,
    '| Server | Phone events/s | Ratio to ussd-menu-builder | Server CPU per phone event | Phone events per server CPU-second, ratio |',
    '|---|---|---|---|---|',
    ...contenders.map(
      (c) =>
        `| ${c.label} | ${Math.round(rate(c.kind)).toLocaleString('en-US')} | ${(rate(c.kind) / rate('umb')).toFixed(2)} | ${cpu(c.kind).toFixed(0)} µs | ${(cpu('umb') / cpu(c.kind)).toFixed(2)} |`,
    ),
    ...contenders.map(
      (c) =>
        `${c.label}: phone events/s per round ${per(c.kind, (run) => run.sessionsPerSecond * phoneEvents)}; requests/s ${per(c.kind, (run) => run.requestsPerSecond)}; p50 per request ${per(c.kind, (run) => run.p50, 1)} ms, p99 ${per(c.kind, (run) => run.p99, 1)} ms; server CPU per phone event ${per(c.kind, (run) => run.cpuPerEvent ?? Number.NaN)} µs; errors ${(runs.get(c.kind) ?? []).reduce((sum, run) => sum + run.errors, 0)}.`,
    ),
  ],
});
