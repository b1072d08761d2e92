import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { Miniflare } from 'miniflare';

/**
 * Serves a bundled app (a module whose default export has `fetch`) on each runtime a Hono app is
 * deployed to, for the runtime tests (test/runtimes/) and the runtimes bench (bench/runtimes.ts).
 * Each runtime comes from npm (bun, deno, miniflare with its workerd): none may be missing.
 */

/** A runtime serving the bundled app over HTTP on loopback. */
export interface RunningApp {
  readonly url: string;
  close(): Promise<void>;
}

const root = join(import.meta.dirname, '..', '..');
const here = import.meta.dirname;
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

/** Starts `command`, waits for its `listening <port>` line; fails with what it printed. */
function serveChild(command: string, args: string[]): Promise<RunningApp> {
  return new Promise((resolve, reject) => {
    // In a process group of its own: node_modules/.bin/bun and .bin/deno are shell scripts that
    // run the runtime as their child, which a signal to the script alone would leave running
    // (holding the port and our stdout pipe, so that this process never exits).
    const child: ChildProcess = spawn(command, args, {
      cwd: here,
      env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const signal = (name: NodeJS.Signals) => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, name);
      } catch {
        // The group is gone already.
      }
    };
    let output = '';
    const timer = setTimeout(() => fail(new Error('no "listening" line within 30 s')), 30_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      signal('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')}: ${error.message}\n${output}`));
    };
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`exited with ${code} before listening`)));
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening (\d+)/.exec(output)?.[1];
      if (port === undefined) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            if (child.exitCode !== null) {
              signal('SIGKILL'); // the script is gone; its runtime may not be
              return done();
            }
            child.once('exit', () => {
              signal('SIGKILL');
              done();
            });
            signal('SIGTERM');
            setTimeout(() => signal('SIGKILL'), 2000).unref();
          }),
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
  });
}

/** Node, through @hono/node-server. */
export const onNode = (bundle: string) =>
  serveChild(process.execPath, [join(here, 'serve.node.mjs'), bundle]);

/** Bun (the `bun` package from npm), through Bun.serve. */
export const onBun = (bundle: string) =>
  serveChild(bin('bun'), [join(here, 'serve.bun.mjs'), bundle]);

/** Deno as a plain module (the `deno` package from npm), through Deno.serve. */
export const onDeno = (bundle: string) =>
  serveChild(bin('deno'), [
    'run',
    '--allow-net=127.0.0.1',
    `--allow-read=${bundle}`,
    '--no-prompt',
    join(here, 'serve.deno.mjs'),
    bundle,
  ]);

/** The options a Worker's runtime is started with (wrangler.toml's). */
export interface WorkerdOptions {
  readonly compatibilityDate: string;
  readonly compatibilityFlags: readonly string[];
  /** Durable Object bindings: the binding's name to the class the bundle exports. */
  readonly durableObjects?: Readonly<Record<string, string>>;
}

/** workerd (Cloudflare Workers' runtime) through Miniflare, the bundle as an ES module Worker. */
export async function onWorkerd(bundle: string, options: WorkerdOptions): Promise<RunningApp> {
  const mf = new Miniflare({
    modules: true,
    scriptPath: bundle,
    // Module paths are resolved under this root (workerd refuses `..` out of it).
    modulesRoot: dirname(bundle),
    // No request.cf object: Miniflare would fetch it from Cloudflare, and tests never need it.
    cf: false,
    compatibilityDate: options.compatibilityDate,
    compatibilityFlags: [...options.compatibilityFlags],
    durableObjects: { ...options.durableObjects },
  });
  const url = await mf.ready;
  return { url: url.origin, close: () => mf.dispose() };
}
