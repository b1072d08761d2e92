import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock ticks per second for /proc times (USER_HZ, 100 on every common kernel). */
const TICKS_PER_SECOND = 100;

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** User plus system CPU ms of one process, and the pids of its children. */
function processCpu(pid: number): { ms: number; children: number[] } | undefined {
  const stat = read(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  // The command name may hold spaces and parentheses: the fields follow the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
  const ticks = Number(fields[11]) + Number(fields[12]);
  const children: number[] = [];
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    // Gone meanwhile.
  }
  for (const task of tasks) {
    const listed = read(`/proc/${pid}/task/${task}/children`) ?? '';
    for (const child of listed.trim().split(/\s+/)) if (child !== '') children.push(Number(child));
  }
  return { ms: (ticks * 1000) / TICKS_PER_SECOND, children };
}

/**
 * CPU ms (user and system) a process and every process below it have used so far, from
 * `/proc` (a server child runs under tsx, which runs node as its own child); `undefined` where
 * there is no `/proc`. On a shared machine a server's CPU per request is steadier than its
 * throughput, which also depends on how much of the machine it got.
 */
export function treeCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  const own = processCpu(pid);
  if (own === undefined) return undefined;
  let total = own.ms;
  for (const child of own.children) total += treeCpuMs(child) ?? 0;
  return total;
}
