import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

/** A child process running a bench script, and the first JSON line it printed. */
export interface Child<T> {
  readonly process: ChildProcess;
  readonly ready: T;
  /** Lines printed after the first one. */
  readonly lines: string[];
  /** The next stdout line (waits for it). */
  take(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts `script` (a path relative to `bench/`) under tsx, with the export conditions this
 * process has (the built packages in `pnpm bench`, `src/` under `@ussdkit/source`), and waits
 * for its first stdout line, parsed as JSON.
 */
export async function startChild<T>(
  script: string,
  args: readonly string[] = [],
  nodeFlags: readonly string[] = [],
  env: Record<string, string> = {},
): Promise<Child<T>> {
  const path = fileURLToPath(new URL(`../${script}`, import.meta.url));
  const conditions = process.execArgv.filter((flag) => flag.startsWith('--conditions'));
  const child = spawn(tsx, [...nodeFlags, ...conditions, path, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const lines: string[] = [];
  const waiters: ((line: string) => void)[] = [];
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let index = buffer.indexOf('\n');
    while (index >= 0) {
      const line = buffer.slice(0, index);
      buffer = buffer.slice(index + 1);
      const waiter = waiters.shift();
      if (waiter === undefined) lines.push(line);
      else waiter(line);
      index = buffer.indexOf('\n');
    }
  });
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited (${String(code)})`)));
  });
  exited.catch(() => {});
  const take = (): Promise<string> => {
    const queued = lines.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    return Promise.race([new Promise<string>((resolve) => waiters.push(resolve)), exited]);
  };
  const ready = JSON.parse(await take()) as T;
  return {
    process: child,
    ready,
    lines,
    take,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    },
  };
}

/** Waits for the child's next stdout line, parsed as JSON. */
export async function nextLine<T>(child: Child<unknown>): Promise<T> {
  return JSON.parse(await child.take()) as T;
}
