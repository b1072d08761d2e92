/**
 * HTTP: autocannon against `@ussdkit/hono` (on @hono/node-server) and `@ussdkit/express` serving
 * the 4-screen flow, each against a bare handler of the same server returning the same JSON.
 * Each server runs in its own child process; autocannon runs here.
 */
import autocannon from 'autocannon';
import { startChild } from './support/child';
import { type Figure, pick, quick, report } from './support/mode';
import { closeBody, continueBody, newBody } from './support/phone';
import { median } from './support/stats';

const duration = pick(5, 0.5);
const rounds = pick(3, 1);
const connections = 10;

interface Context {
  sessionId?: string;
  contextData?: string;
}

let counter = 0;

function keep(_status: number, body: string, context: object): void {
  const ctx = context as Context;
  try {
    const parsed = JSON.parse(body) as { contextData?: string };
    ctx.contextData = parsed.contextData ?? '';
  } catch {
    ctx.contextData = '';
  }
}

/** One session per pass over the four requests: new, continue "1", continue "500", close. */
function flowRequests(prefix: string): autocannon.Request[] {
  const post = { method: 'POST' as const, headers: { 'content-type': 'application/json' } };
  return [
    {
      ...post,
      path: `${prefix}/ussdSessionEvent/new`,
      setupRequest: (request, context) => {
        const ctx = context as Context;
        ctx.sessionId = `s-${process.pid}-${++counter}`;
        return { ...request, body: newBody(ctx.sessionId) };
      },
      onResponse: keep,
    },
    {
      ...post,
      path: `${prefix}/ussdSessionEvent/continue`,
      setupRequest: (request, context) => {
        const ctx = context as Context;
        return { ...request, body: continueBody(ctx.sessionId ?? '', '1', ctx.contextData ?? '') };
      },
      onResponse: keep,
    },
    {
      ...post,
      path: `${prefix}/ussdSessionEvent/continue`,
      setupRequest: (request, context) => {
        const ctx = context as Context;
        return {
          ...request,
          body: continueBody(ctx.sessionId ?? '', '500', ctx.contextData ?? ''),
        };
      },
      onResponse: keep,
    },
    {
      ...post,
      path: `${prefix}/ussdSessionEvent/close`,
      setupRequest: (request, context) => {
        const ctx = context as Context;
        return { ...request, body: closeBody(ctx.sessionId ?? '', ctx.contextData ?? '') };
      },
    },
  ];
}

interface Run {
  readonly rps: number;
  readonly p99: number;
  readonly errors: number;
}

async function cannon(port: number, prefix: string): Promise<Run> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    requests: flowRequests(prefix),
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const figures: Figure[] = [];
const details: string[] = [
  `autocannon, ${connections} connections, ${duration} s per run, ${rounds} alternating rounds (bare, adapter, adapter over a constant handle) per server, median of the rounds; each connection walks whole sessions (new, continue "1", continue "500", close). The server runs in a child process.`,
];
for (const kind of ['hono', 'express'] as const) {
  const server = await startChild<{ port: number }>('support/httpServer.ts', [kind]);
  try {
    if (!quick) {
      await cannon(server.ready.port, '/bare'); // warm-up
      await cannon(server.ready.port, '/ussd');
    }
    const bare: Run[] = [];
    const adapter: Run[] = [];
    const thin: Run[] = [];
    for (let r = 0; r < rounds; r++) {
      bare.push(await cannon(server.ready.port, '/bare'));
      adapter.push(await cannon(server.ready.port, '/ussd'));
      thin.push(await cannon(server.ready.port, '/thin'));
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
