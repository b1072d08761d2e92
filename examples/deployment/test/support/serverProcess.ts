import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const folder = fileURLToPath(new URL('../..', import.meta.url));

/** One JSON line the server logged. */
export interface LogLine {
  readonly event: string;
  readonly [field: string]: unknown;
}

/** A server started as its container starts it, from its source (tsx, the workspace sources). */
export interface ServerProcess {
  readonly child: ChildProcess;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** The first line logged with this event (already logged or to come). */
  logged(event: string): Promise<LogLine>;
  /** The exit code (or the signal that ended it). */
  readonly exited: Promise<number | NodeJS.Signals>;
}

/** Starts `src/<entry>.ts` with exactly `env` (and PATH), as a container gets it. */
export function startServer(entry: 'express' | 'hono', env: Record<string, string>): ServerProcess {
  const child = spawn(
    process.execPath,
    ['--conditions=@ussdkit/source', '--import', 'tsx', `src/${entry}.ts`],
    { cwd: folder, env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'pipe' },
  );
  const lines: LogLine[] = [];
  const waiting: { event: string; resolve: (line: LogLine) => void }[] = [];
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (text) => {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      return;
    }
    lines.push(line);
    for (const wait of waiting.filter((w) => w.event === line.event)) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve(line);
    }
  });
  const exited = new Promise<number | NodeJS.Signals>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'SIGKILL'));
  });
  return {
    child,
    exited,
    stderr: () => stderr,
    logged: (event) => {
      const found = lines.find((line) => line.event === event);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        waiting.push({ event, resolve });
        void exited.then((code) =>
          reject(new Error(`the server exited (${code}) before logging ${event}: ${stderr}`)),
        );
      });
    },
  };
}
