import { type ChildProcess, spawn } from 'node:child_process';

/** A command left running (a server), its output kept for the failure message. */
export interface Background {
  readonly output: () => string;
  stop(): Promise<void>;
}

/** Starts `command` in its own process group, so that `stop` ends it and whatever it started. */
export function background(
  cwd: string,
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Background {
  const child: ChildProcess = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    output: () => text,
    async stop() {
      if (child.exitCode === null && child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // Already gone.
        }
      }
      await exited;
    },
  };
}

/**
 * Asks `url` until it answers (a server starting up), and resolves its response; rejects with
 * the server's output when `limitMs` passes or the process ends first. The limit is a bound on
 * the wait, not an assertion on speed.
 */
export async function firstAnswer(
  url: string,
  server: Background,
  limitMs = 120_000,
): Promise<Response> {
  const until = Date.now() + limitMs;
  for (;;) {
    try {
      return await fetch(url);
    } catch {
      if (Date.now() > until) {
        throw new Error(`no answer from ${url} within ${limitMs} ms:\n${server.output()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** A TCP port nothing listens on now, on loopback. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
