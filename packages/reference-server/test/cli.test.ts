import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rawRequest } from './helpers/rawRequest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

/** Runs the CLI from source, as `ussdkit-sandbox` would run from dist. */
function runCli(args: string[]): ChildProcess {
  return spawn(
    process.execPath,
    ['--conditions=@ussdkit/source', '--import', 'tsx', 'src/cli.ts', ...args],
    { cwd: packageDir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

function collect(child: ChildProcess) {
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** Resolves with the URL once the start-up banner is complete. */
  const listening = () =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
        if (url && out.includes('Press Ctrl-C')) resolve(url);
      };
      child.stdout?.on('data', check);
      check();
      void exited.then(() => reject(new Error(`exited before listening:\n${out}\n${err}`)));
    });
  return { out: () => out, err: () => err, exited, listening };
}

describe('ussdkit-sandbox', () => {
  it('starts with the demo configuration, prints the credentials, stops on SIGTERM', async () => {
    const child = runCli(['--port', '0']);
    const run = collect(child);
    const url = await run.listening();
    expect(run.out()).toContain('demo-client / demo-secret');
    expect(run.out()).toContain('dial *384*1#');
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('loads --config and --main-code, and stops on SIGINT', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ussdkit-cli-'));
    const file = join(dir, 'sandbox.json');
    await writeFile(
      file,
      JSON.stringify({
        developers: [{ clientId: 'shop', clientSecret: 'shop-secret' }],
        apps: [
          { appId: 'shop-app', clientId: 'shop', appCode: '7', url: 'http://127.0.0.1:3000' },
          {
            appId: 'shop-at',
            clientId: 'shop',
            appCode: '8',
            url: 'http://127.0.0.1:3000/at?secret=at-s3cret',
            protocol: 'africastalking',
          },
        ],
      }),
    );
    const child = runCli(['--port', '0', '--config', file, '--main-code', '500']);
    const run = collect(child);
    const url = await run.listening();
    expect(run.out()).toContain('dial *500*7#');
    expect(run.out()).not.toContain('demo-secret');
    expect(run.out()).toContain(
      "app shop-at: dial *500*8# -> http://127.0.0.1:3000/at?… (Africa's Talking)",
    );
    expect(run.out()).not.toContain('at-s3cret');
    const profile = await fetch(`${url}/ussd/app/shop-app`, {
      headers: { 'x-client-id': 'shop', 'x-client-secret': 'shop-secret' },
    });
    expect(await profile.json()).toEqual({
      appId: 'shop-app',
      url: 'http://127.0.0.1:3000',
      shortcode: '500*7',
    });
    child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  });

  it('answers the Host names of --allowed-hosts besides the loopback ones, and refuses others with 403', async () => {
    const child = runCli([
      '--port',
      '0',
      '--allowed-hosts',
      'sandbox,.tunnel.example',
      '--allowed-hosts',
      'box',
    ]);
    const run = collect(child);
    const url = await run.listening();
    expect(run.out()).toContain(
      'answers Host: localhost, 127.0.0.1, [::1], sandbox, .tunnel.example, box (add names with --allowed-hosts)',
    );
    const status = async (host: string) =>
      (await rawRequest(`${url}/health`, { headers: { host } })).status;
    expect(await status('sandbox:4000')).toBe(200);
    expect(await status('a.tunnel.example')).toBe(200);
    expect(await status('box')).toBe(200);
    expect(await status('evil.example')).toBe(403);
    child.kill('SIGTERM');
    expect(await run.exited).toBe(0);

    const bad = collect(runCli(['--port', '0', '--allowed-hosts', 'http://sandbox:4000']));
    expect(await bad.exited).toBe(2);
    expect(bad.err()).toContain('allowedHosts: 0: must be a host name');
  });

  it('on a port already in use: exit code 1 and one sentence naming --port, no stack trace', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const address = taken.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      const run = collect(runCli(['--port', String(port)]));
      expect(await run.exited).toBe(1);
      expect(run.err()).toBe(
        `Port ${port} is already in use. Start the sandbox on another port with --port <n> (--port 0 picks a free one).\n`,
      );
      expect(run.out()).toBe('');
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });

  it('prints --help, and refuses bad options and configurations with exit code 2', async () => {
    const help = collect(runCli(['--help']));
    expect(await help.exited).toBe(0);
    expect(help.out()).toContain('Usage: ussdkit-sandbox');

    const badOption = collect(runCli(['--port', 'many']));
    expect(await badOption.exited).toBe(2);
    expect(badOption.err()).toContain('--port');

    const dir = await mkdtemp(join(tmpdir(), 'ussdkit-cli-'));
    const file = join(dir, 'bad.json');
    await writeFile(file, JSON.stringify({ developers: [{ clientId: 'x' }] }));
    const badConfig = collect(runCli(['--config', file]));
    expect(await badConfig.exited).toBe(2);
    expect(badConfig.err()).toContain('developers.0.clientSecret');

    const dialHelp = collect(runCli(['dial', '--help']));
    expect(await dialHelp.exited).toBe(0);
    expect(dialHelp.out()).toContain('Usage: ussdkit-sandbox dial');

    const unknown = collect(runCli(['frobnicate']));
    expect(await unknown.exited).toBe(2);
    expect(unknown.err()).toContain('unknown command');
  });
});
