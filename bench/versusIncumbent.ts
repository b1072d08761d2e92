/**
 * End to end against the incumbent: whole sessions of the 4-screen flow over HTTP on loopback,
 * 16 at a time, through `@ussdkit/express` and `@ussdkit/hono`, against ussd-menu-builder
 * mounted in Express, each contender driven in its own protocol's model (ours: the gateway's
 * JSON events new, continue, continue, close; theirs: Africa's Talking's form POST per phone
 * event with the whole path in `text`). Each server runs in a child process of its own;
 * autocannon runs here; rounds alternate between them, in a rotating order. A fourth server,
 * `@ussdkit/express` over a lookup table of the flow's answers, measures the ceiling: Express and
 * the adapter with no router work, four requests a session.
 */
import { startChild } from './support/child';
import { type Figure, pick, quick, report } from './support/mode';
import { type Protocol, type SessionRun, sessionLoad } from './support/sessionLoad';
import { median } from './support/stats';

const duration = pick(5, 0.5);
const rounds = pick(5, 1);
const connections = 16;

interface Contender {
  readonly kind: 'umb' | 'express' | 'hono' | 'express-ceiling';
  readonly label: string;
  readonly protocol: Protocol;
  readonly path: string;
}

const contenders: Contender[] = [
  {
    kind: 'umb',
    label: 'ussd-menu-builder 1.2.0 in Express',
    protocol: 'africasTalking',
    path: '/ussd',
  },
  { kind: 'express', label: '@ussdkit/express', protocol: 'gateway', path: '/ussd' },
  { kind: 'hono', label: '@ussdkit/hono (@hono/node-server)', protocol: 'gateway', path: '/ussd' },
  {
    kind: 'express-ceiling',
    label: '@ussdkit/express over a lookup table (no router work)',
    protocol: 'gateway',
    path: '/ussd',
  },
];

const servers = await Promise.all(
  contenders.map((c) => startChild<{ port: number }>('support/incumbentServer.ts', [c.kind])),
);
const runs = new Map<string, SessionRun[]>(contenders.map((c) => [c.kind, []]));
try {
  const load = (i: number) => {
    const c = contenders[i] as Contender;
    const origin = `http://127.0.0.1:${servers[i]?.ready.port}`;
    return sessionLoad(origin, c.protocol, c.path, connections, duration);
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
  await Promise.all(servers.map((server) => server.stop()));
}

const rate = (kind: string) => median((runs.get(kind) ?? []).map((run) => run.sessionsPerSecond));
const umb = rate('umb');
const targets: Record<string, number> = { express: 1.0, hono: 1.5 };
const figures: Figure[] = contenders
  .filter((c) => c.kind !== 'umb')
  .map((c) => {
    const ours = rate(c.kind);
    const target = targets[c.kind];
    const figure: Figure = {
      name: `Whole sessions over HTTP, ${c.label} (sessions/s)`,
      unit: 'sessions/s',
      ours,
      ourLabel: c.label,
      baseline: umb,
      baselineLabel: 'ussd-menu-builder in Express',
      higherIsBetter: true,
    };
    return target === undefined
      ? {
          ...figure,
          note: 'not a target: the most any router could reach through Express with the four requests of a session',
        }
      : {
          ...figure,
          target: { text: `>= ${target.toFixed(1)}x ussd-menu-builder`, met: ours >= target * umb },
        };
  });
const per = (kind: string, pick: (run: SessionRun) => number, digits = 0) =>
  (runs.get(kind) ?? []).map((run) => pick(run).toFixed(digits)).join(', ');
report({
  script: 'versusIncumbent.ts',
  title: 'End to end against ussd-menu-builder',
  figures,
  details: [
    `autocannon, ${connections} connections (${connections} sessions at a time), ${duration} s per run, ${rounds} rounds rotating between the servers (each in its own child process), median of the rounds. A session counts only when its last screen is the flow's ("You will receive 500 NGN of airtime."). Ours: 4 requests a session (new, continue "1", continue "500" and the gateway's close); ussd-menu-builder: 3 form POSTs (text "", "1", "1*500"), its README's Express mounting (one menu, express.urlencoded(), res.send).`,
    ...contenders.map(
      (c) =>
        `${c.label}: sessions/s per round ${per(c.kind, (run) => run.sessionsPerSecond)}; requests/s ${per(c.kind, (run) => run.requestsPerSecond)}; p50 per request ${per(c.kind, (run) => run.p50, 1)} ms, p99 ${per(c.kind, (run) => run.p99, 1)} ms; errors ${(runs.get(c.kind) ?? []).reduce((sum, run) => sum + run.errors, 0)}.`,
    ),
  ],
});
