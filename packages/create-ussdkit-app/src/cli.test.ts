import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CliIo, main } from './cli';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'create-ussdkit-app-cli-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

/** Runs the command without a terminal, as CI and `--template` users do. */
async function run(argv: string[], userAgent?: string, nodeVersion = '22.12.0') {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    interactive: false,
    userAgent,
    nodeVersion,
  };
  const code = await main(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('create-ussdkit-app', () => {
  it('creates a project without a question when given a directory and a template', async () => {
    const result = await run([join(home, 'my-app'), '--template', 'hono']);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toContain(`Created ${join(home, 'my-app')} from the hono template.`);
    expect(result.out).toContain('npm install\n  npm run dev   # the app');
    expect(result.out).toContain('npm test      # its tests');
    expect(existsSync(join(home, 'my-app', 'src', 'app.ts'))).toBe(true);
  });

  it('takes pnpm from the user agent of `pnpm create`', async () => {
    const result = await run([join(home, 'a'), '-t', 'express'], 'pnpm/10.34.9 npm/? node/v22');
    expect(result.out).toContain('pnpm install\n  pnpm dev      # the app');
  });

  it('exits 2 with a message for a bad argument', async () => {
    const result = await run([join(home, 'a'), '--template', 'koa']);
    expect(result.code).toBe(2);
    expect(result.err).toBe(
      'create-ussdkit-app: Unknown template "koa": use --template express, hono or workers.',
    );
    expect(existsSync(join(home, 'a'))).toBe(false);
  });

  it('exits 2 when it would have to ask, without a terminal', async () => {
    const result = await run([join(home, 'a')]);
    expect(result.code).toBe(2);
    expect(result.err).toContain('Give a directory and --template when not run in a terminal');
  });

  it('exits 2 for a directory that is not empty', async () => {
    writeFileSync(join(home, 'notes.txt'), 'mine');
    const result = await run([home, '--template', 'workers']);
    expect(result.code).toBe(2);
    expect(result.err).toContain('is not empty');
  });

  it("says when this Node is older than the template's tools need, before any install", async () => {
    const old = await run([join(home, 'old'), '--template', 'workers'], undefined, '18.20.4');
    expect(old.code).toBe(0);
    expect(old.err).toContain(
      "The workers template's tools need Node 20.19.0 or later, and this is Node 18.20.4: install Node 22 or 24 (LTS) before `npm install`",
    );
    for (const version of ['20.19.0', '22.12.0', '24.0.0', '26.1.0']) {
      const fine = await run([join(home, `v${version}`), '-t', 'workers'], undefined, version);
      expect(fine.err, version).toBe('');
    }
  });

  it('prints the usage and the version', async () => {
    expect((await run(['--help'])).out).toContain('--template <name>');
    expect((await run(['--version'])).out).toMatch(/^\d+\.\d+\.\d+/);
  });
});
