/**
 * Runs every bench script, each in its own process, and (full mode) writes `docs/benchmarks.md`.
 * `pnpm bench` for the figures; `pnpm bench runtimes.ts` for some scripts, rewriting only their
 * sections; `pnpm bench:quick` (CI) only checks that each script runs end to end with tiny
 * iteration counts and writes nothing.
 *
 * The figures are of what users install: the full bench builds the packages and runs them from
 * `dist/` (tsx's transform of `src/` wraps every closure it makes in a naming helper, which cost
 * the router about 8 % per event). Quick mode runs `src/` (the `@ussdkit/source` condition), so
 * it needs no build.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScriptResult } from './support/mode';
import { quick } from './support/mode';
import { renderReport, updateSections } from './support/renderReport';

const scripts = [
  'router.ts',
  'depth.ts',
  'stores.ts',
  'http.ts',
  'versusIncumbent.ts',
  'runtimes.ts',
  'client.ts',
  'gateway.ts',
];
const only = process.argv.slice(2).filter((arg) => arg.endsWith('.ts'));
const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = join(root, 'node_modules/.bin/tsx');
const work = mkdtempSync(join(tmpdir(), 'ussdkit-bench-'));

if (!quick) {
  console.log('== pnpm build (the figures are of the built packages)');
  const build = spawnSync('pnpm', ['build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('pnpm build failed: the bench measures the built packages');
    process.exit(1);
  }
}
const conditions = quick ? ['--conditions=@ussdkit/source'] : [];

const results: ScriptResult[] = [];
const loads: string[] = [];
const started = Date.now();
let failed = 0;
try {
  for (const script of only.length > 0 ? only : scripts) {
    const out = join(work, `${script}.json`);
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    loads.push(`${script}: ${load}`);
    console.log(`\n== ${script} (load average ${load})`);
    const t0 = Date.now();
    const run = spawnSync(tsx, [...conditions, join(root, 'bench', script)], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_QUICK: quick ? '1' : '0', BENCH_RESULT: out },
    });
    console.log(
      `== ${script}: exit ${String(run.status)} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    if (run.status !== 0) {
      failed++;
      continue;
    }
    results.push(JSON.parse(readFileSync(out, 'utf8')) as ScriptResult);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const seconds = (Date.now() - started) / 1000;
console.log(`\n${results.length} scripts ran, ${failed} failed, in ${seconds.toFixed(1)} s`);
if (!quick && failed === 0) {
  const cpu = cpus();
  const facts = {
    cpu: `${cpu.length} x ${cpu[0]?.model ?? 'unknown'}`,
    memory: `${(totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    node: process.version,
    loads,
    seconds,
    root,
  };
  const report = join(root, 'docs/benchmarks.md');
  // Some scripts only: their sections are rewritten, the rest stays as the last full run left it.
  const markdown =
    only.length === 0
      ? renderReport(results, facts)
      : updateSections(readFileSync(report, 'utf8'), results, facts);
  writeFileSync(report, markdown);
  console.log(`wrote docs/benchmarks.md${only.length === 0 ? '' : ` (${only.join(', ')})`}`);
}
process.exit(failed === 0 ? 0 : 1);
