import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { sandboxCall } from './support/sandboxApi';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

let child: ChildProcess | undefined;
afterAll(() => {
  if (child?.exitCode === null) child.kill('SIGKILL');
});

it('pnpm start runs the sandbox and the demo app, dials the demo, and stops on Ctrl-C', async () => {
  const sandboxPort = await freePort();
  const appPort = await freePort();
  // The command of the root package.json's "start" script.
  child = spawn(
    process.execPath,
    [`${root}node_modules/tsx/dist/cli.mjs`, '--conditions=@ussdkit/source', 'scripts/start.ts'],
    {
      cwd: root,
      env: { ...process.env, SANDBOX_PORT: String(sandboxPort), APP_PORT: String(appPort) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const running = child;
  let output = '';
  running.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = once(running, 'exit');
  await new Promise<void>((resolve, reject) => {
    running.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ussdkit demo ready:')) resolve();
    });
    running.once('exit', (code) => reject(new Error(`start exited (${code}):\n${output}`)));
  });

  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  expect(output).toContain(`Web phone        ${sandboxUrl}/`);
  expect(output).toContain(`pnpm dial '*384*1#' --url ${sandboxUrl}`);
  expect(output).toContain('X-Client-Id demo-client, X-Client-Secret demo-secret');

  const first = await sandboxCall<{ screen: string; open: boolean }>(
    sandboxUrl,
    'POST',
    '/sandbox/sessions',
    { msisdn: '+2348030000001', dial: '*384*1#' },
  );
  expect(first).toMatchObject({
    open: true,
    screen: 'Airtime Shop\n1. Buy airtime\n2. Buy data\n3. Help\n4. Language',
  });
  const webPhone = await fetch(`${sandboxUrl}/`);
  expect(webPhone.status).toBe(200);
  expect(webPhone.headers.get('content-type')).toMatch(/^text\/html/);
  const developer = await sandboxCall<{ callbackUrl?: string }>(
    sandboxUrl,
    'GET',
    '/sandbox/developers/demo-client',
  );
  expect(developer.callbackUrl).toBe(`http://127.0.0.1:${appPort}/callbacks`);

  running.kill('SIGINT');
  const [code] = await exited;
  expect(code).toBe(0);
  expect(output).toContain('SIGINT: stopping the app and the sandbox');
  // Every process is gone: nothing listens on either port any more.
  expect(await listening(sandboxPort)).toBe(false);
  expect(await listening(appPort)).toBe(false);
}, 60_000); // tsx compiles the sources at start: allow for a slow, busy machine
