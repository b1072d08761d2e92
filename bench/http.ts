/**
 * HTTP: autocannon against `@ussdkit/hono` (on @hono/node-server) and `@ussdkit/express` serving
 * the 4-screen flow, each against a bare handler of the same server returning the same JSON.
 * Each server runs in its own child process; autocannon runs here.
 */
import { cannon, type Run } from './support/cannon';
import { startChild } from './support/child';
import { type Figure, pick, quick, report } from './support/mode';
import { median } from './support/stats';

const duration = pick(5, 0.5);
const rounds = pick(3, 1);
const connections = 10;

const figures: Figure[] = [];
const details: string[] = [
  `autocannon, ${connections} connections, ${duration} s per run, ${rounds} alternating rounds (bare, adapter, adapter over a constant handle) per server, median of the rounds; each connection walks whole sessions (new, continue "1", continue "500", close). The server runs in a child process.`,
];
for (const kind of ['hono', 'express'] as const) {
  const server = await startChild<{ port: number }>('support/httpServer.ts', [kind]);
  const origin = `http://127.0.0.1:${server.ready.port}`;
  try {
    if (!quick) {
      await cannon(origin, '/bare', connections, duration); // warm-up
      await cannon(origin, '/ussd', connections, duration);
    }
    const bare: Run[] = [];
    const adapter: Run[] = [];
    const thin: Run[] = [];
    for (let r = 0; r < rounds; r++) {
      bare.push(await cannon(origin, '/bare', connections, duration));
      adapter.push(await cannon(origin, '/ussd', connections, duration));
      thin.push(await cannon(origin, '/thin', connections, duration));
    }
    const errors = [...bare, ...adapter, ...thin].reduce((sum, run) => sum + run.errors, 0);
    if (errors > 0) details.push(`${kind}: ${errors} errors or non-2xx answers.`);
    const ours = median(adapter.map((run) => run.rps));
    const base = median(bare.map((run) => run.rps));
    const alone = median(thin.map((run) => run.rps));
    const label = kind === 'hono' ? '@ussdkit/hono' : '@ussdkit/express';
    figures.push({
      name: `HTTP ${kind === 'hono' ? 'Hono (@hono/node-server)' : 'Express 5'}: requests/s`,
      unit: 'req/s',
      ours,
      ourLabel: label,
      baseline: base,
      baselineLabel: `bare ${kind} handler`,
      higherIsBetter: true,
      target: { text: '>= 90% of bare', met: ours >= 0.9 * base },
    });
    figures.push({
      name: `HTTP ${kind}: the adapter alone (constant handle), requests/s`,
      unit: 'req/s',
      ours: alone,
      ourLabel: `${label} over a constant handle`,
      baseline: base,
      baselineLabel: `bare ${kind} handler`,
      higherIsBetter: true,
      note: 'not the target figure: it isolates the adapter (body reading, headers, JSON answer) from the router core',
    });
    details.push(
      `${kind}: adapter req/s per round ${adapter.map((run) => Math.round(run.rps)).join(', ')} (p99 ${adapter.map((run) => run.p99).join(', ')} ms); adapter over a constant handle ${thin.map((run) => Math.round(run.rps)).join(', ')}; bare ${bare.map((run) => Math.round(run.rps)).join(', ')} (p99 ${bare.map((run) => run.p99).join(', ')} ms).`,
    );
  } finally {
    await server.stop();
  }
}
report({ script: 'http.ts', title: 'HTTP adapters', figures, details });
