/**
 * Runtimes: the 4-screen flow over HTTP on Node, Bun, Deno and workerd, side by side. One
 * bundle for a neutral platform (the app with `@ussdkit/hono` and the memory store), served by
 * each runtime as test/runtimes serves it (scripts/runtimes/); autocannon drives whole sessions
 * from this process. Node (@hono/node-server) is the baseline. On workerd the same flow is also
 * measured with `durableObjectStore` (Miniflare runs the Durable Object in the same process,
 * so this is the store's own cost, not Cloudflare's network).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { supportedCompatibilityDate } from 'miniflare';
import { bundleApp } from '../scripts/runtimes/bundleApp';
import { onBun, onDeno, onNode, onWorkerd, type RunningApp } from '../scripts/runtimes/serveBundle';
import { cannon, type Run } from './support/cannon';
import { type Figure, pick, quick, report } from './support/mode';
import { median } from './support/stats';

/** The version of a runtime's npm package (bun, deno, miniflare), as installed. */
const version = (name: string): string =>
  (
    JSON.parse(
      readFileSync(join(import.meta.dirname, '..', 'node_modules', name, 'package.json'), 'utf8'),
    ) as { version: string }
  ).version;

const duration = pick(5, 0.5);
const rounds = pick(3, 1);
const connections = 10;

const folder = mkdtempSync(join(tmpdir(), 'ussdkit-bench-runtimes-'));
const running: { name: string; app: RunningApp }[] = [];
try {
  const memory = await bundleApp(join(import.meta.dirname, 'support/runtimeApp.ts'), folder);
  const durable = await bundleApp(
    join(import.meta.dirname, 'support/runtimeDurableObjectApp.ts'),
    folder,
    'durable.mjs',
  );
  const workerd = { compatibilityDate: supportedCompatibilityDate, compatibilityFlags: [] };
  const starters: [string, () => Promise<RunningApp>][] = [
    ['Node', () => onNode(memory)],
    ['Bun', () => onBun(memory)],
    ['Deno', () => onDeno(memory)],
    ['workerd', () => onWorkerd(memory, workerd)],
    [
      'workerd, durableObjectStore',
      () => onWorkerd(durable, { ...workerd, durableObjects: { SESSIONS: 'UssdSessionObject' } }),
    ],
  ];
  for (const [name, start] of starters) running.push({ name, app: await start() });

  // The bare handler is in the memory-store bundle only (the Durable Object row has none).
  const hasBare = (name: string) => !name.includes('durableObjectStore');
  const runs = new Map<string, Run[]>(running.map(({ name }) => [name, []]));
  const bare = new Map<string, Run[]>(running.map(({ name }) => [name, []]));
  if (!quick) {
    for (const { app } of running) await cannon(app.url, '/ussd', connections, duration); // warm-up
  }
  // Alternating rounds: each runtime in turn, so that a busy moment of the machine is shared.
  for (let r = 0; r < rounds; r++) {
    for (const { name, app } of running) {
      runs.get(name)?.push(await cannon(app.url, '/ussd', connections, duration));
      if (hasBare(name))
        bare.get(name)?.push(await cannon(app.url, '/bare', connections, duration));
    }
  }
  const rate = (name: string) => median((runs.get(name) ?? []).map((run) => run.rps));
  const bareRate = (name: string) => median((bare.get(name) ?? []).map((run) => run.rps));
  const node = rate('Node');
  const figures: Figure[] = running
    .filter(({ name }) => name !== 'Node')
    .map(({ name }) => ({
      name: `Runtime ${name}: 4-screen flow over HTTP, events/s`,
      unit: 'events/s',
      ours: rate(name),
      ourLabel: name,
      baseline: node,
      baselineLabel: 'Node (@hono/node-server)',
      higherIsBetter: true,
    }));
  const errors = [...runs.values(), ...bare.values()]
    .flat()
    .reduce((sum, run) => sum + run.errors, 0);
  report({
    script: 'runtimes.ts',
    title: 'Runtimes',
    figures,
    details: [
      `Runtimes from npm: Node ${process.version}, bun ${version('bun')}, deno ${version('deno')}, miniflare ${version('miniflare')} (its workerd).`,
      `The same bundle (esbuild, neutral platform) on each runtime: Node through @hono/node-server, Bun through Bun.serve, Deno through Deno.serve, workerd through Miniflare (compatibility date ${supportedCompatibilityDate}, no flags; requests pass Miniflare's entry Worker first). autocannon in the bench's Node process, ${connections} connections, ${duration} s per run, ${rounds} alternating rounds, median of the rounds; each connection walks whole sessions (new, continue "1", continue "500", close), and every request is an event. Each runtime serves on one thread; autocannon shares the machine's cores (listed above) with it.`,
      'With durableObjectStore every session is a new Durable Object: Miniflare creates its storage (a SQLite file in a temporary folder) on the first write, which costs more than the calls themselves; on Cloudflare the objects, their storage and the network between the Worker and the object are different again. Read that row as the store working under load, not as a forecast.',
      ...(errors > 0 ? [`${errors} errors or non-2xx answers.`] : []),
      'The bare handler (same server, same runtime, reads the body and returns the first answer as a constant) shows what the runtime and its HTTP server cost without the router; "router / bare" is the share of that rate the router keeps.',
      '| runtime | events/s (median) | events/s per round | p99 per round (ms) | bare handler req/s (median) | router / bare |',
      '|---|---|---|---|---|---|',
      ...running.map(({ name }) => {
        const list = runs.get(name) ?? [];
        const base = hasBare(name) ? bareRate(name) : Number.NaN;
        const share = Number.isNaN(base) ? '' : (rate(name) / base).toFixed(2);
        return `| ${name} | ${Math.round(rate(name))} | ${list.map((run) => Math.round(run.rps)).join(', ')} | ${list.map((run) => run.p99).join(', ')} | ${Number.isNaN(base) ? '' : Math.round(base)} | ${share} |`;
      }),
    ],
  });
} finally {
  for (const { app } of running) await app.close();
  rmSync(folder, { recursive: true, force: true });
}
