/**
 * Runs only our side of the in-process flow, for a CPU profile. After `pnpm build` (the bench
 * measures the built packages):
 * `tsx --cpu-prof --cpu-prof-dir=<dir> bench/support/profileLoop.ts [sessions] [dispatch|handle]`,
 * then `summarizeProfile.ts` with `--per <3 x sessions>` gives the cost per phone event.
 */
import { ussdkitFlow } from './flows';
import { walk, walkDispatch } from './phone';

const sessions = Number(process.argv[2] ?? 40_000);
const way = process.argv[3] === 'handle' ? walk : walkDispatch;
const app = ussdkitFlow();
for (let i = 0; i < 2000; i++) await way(app, `warm-${i}`, ['1', '500'], () => {});
const started = performance.now();
for (let i = 0; i < sessions; i++) await way(app, `s-${i}`, ['1', '500'], () => {});
const ms = performance.now() - started;
console.log(
  `${sessions} sessions, ${((sessions * 3) / ms) * 1000} events/s, ${((ms * 1000) / (sessions * 3)).toFixed(2)} µs per event`,
);
