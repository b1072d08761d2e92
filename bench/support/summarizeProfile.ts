/**
 * Summarises a V8 `.cpuprofile` (from `node --cpu-prof`): self time by function, the top N, as
 * a share of all samples and as microseconds per unit of work when `--per <count>` says how many
 * units (events, requests) the profiled run handled.
 *
 * ```sh
 * tsx bench/support/summarizeProfile.ts <file.cpuprofile> [--top 30] [--per 120000] [--by file]
 * ```
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: {
    readonly functionName: string;
    readonly url: string;
    readonly lineNumber: number;
  };
  readonly children?: readonly number[];
}

interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

const [file, ...rest] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: summarizeProfile.ts <file.cpuprofile> [--top N]');
const option = (name: string): string | undefined => {
  const index = rest.indexOf(`--${name}`);
  return index < 0 ? undefined : rest[index + 1];
};
const top = Number(option('top') ?? 30);
const per = option('per') === undefined ? undefined : Number(option('per'));
const byFile = option('by') === 'file';

const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i] as number;
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}

/** `name (file:line)`, the path cut to what follows node_modules or the repository. */
function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const short = url
    .replace(/^file:\/\//, '')
    .replace(/.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '')
    .replace(/.*\/(packages|bench)\//, '$1/');
  if (byFile) return short === '' ? `(${functionName || 'native'})` : short;
  const where = short === '' ? '' : ` ${short}:${lineNumber + 1}`;
  return `${functionName || '(anonymous)'}${where}`;
}

const totals = new Map<string, number>();
let all = 0;
for (const [id, us] of selfUs) {
  const node = nodes.get(id);
  if (node === undefined) continue;
  const key = label(node);
  totals.set(key, (totals.get(key) ?? 0) + us);
  all += us;
}
const idle = [...totals].filter(([key]) => key.startsWith('(idle)')).reduce((s, [, v]) => s + v, 0);
const busy = all - idle;
console.log(
  `${file}: ${(all / 1000).toFixed(0)} ms sampled, ${(busy / 1000).toFixed(0)} ms busy (idle left out of the shares)`,
);
const rows = [...totals].filter(([key]) => !key.startsWith('(idle)')).sort((a, b) => b[1] - a[1]);
for (const [key, us] of rows.slice(0, top)) {
  const share = ((us / busy) * 100).toFixed(1).padStart(5);
  const each = per === undefined ? '' : `${(us / per).toFixed(3).padStart(8)} µs/unit  `;
  console.log(`${share} %  ${each}${key}`);
}
