/**
 * `ussdkit-sandbox dev` end to end: the CLI from source on a temporary copy of a fixture app; a
 * dial, an edit, a dial that shows the edit (while a session begun before it goes on), a broken
 * edit that leaves the last good version answering, and an error printed with the screen and
 * the customer's inputs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  copyFileSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxCalls, sandboxCalls } from '../fault/sandboxClient';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const UNAVAILABLE = 'Service unavailable, please try again';

describe('ussdkit-sandbox dev', () => {
  let dir: string;
  let file: string;
  let child: ChildProcess;
  let out = '';
  let err = '';
  let api: SandboxCalls;

  /** Resolves once the child's stdout or stderr matches `pattern` (after `from` characters). */
  const waitFor = (stream: () => string, pattern: RegExp, from = 0) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(stream().slice(from));
        if (match) {
          child.stdout?.off('data', check);
          child.stderr?.off('data', check);
          resolve(match);
        }
      };
      child.stdout?.on('data', check);
      child.stderr?.on('data', check);
      child.once('exit', () => reject(new Error(`dev exited:\n${out}\n${err}`)));
      check();
    });
  const edit = (from: string, to: string) =>
    writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ussdkit-dev-'));
    // The copy imports @ussdkit/router and zod as the package's own files would.
    symlinkSync(join(packageDir, 'node_modules'), join(dir, 'node_modules'), 'dir');
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    file = join(dir, 'app.ts');
    copyFileSync(join(packageDir, 'test/dev/devFixture.ts'), file);
    child = spawn(
      process.execPath,
      ['--conditions=@ussdkit/source', '--import', 'tsx', 'src/cli.ts', 'dev', file, '--port', '0'],
      { cwd: packageDir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    const [, url] = await waitFor(() => out, /listening on (http:\/\/\S+)/);
    await waitFor(() => out, /Watching for changes/);
    api = sandboxCalls(url ?? '');
  });

  afterAll(async () => {
    if (child !== undefined && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('serves the module, and each edit from the next dial', async () => {
    expect(out).toContain(`ussdkit dev: ${file} served at http://127.0.0.1:`);
    expect(out).toContain(
      "dial *384*1# on the web phone, or: npx ussdkit-sandbox dial '*384*1#' --url",
    );
    const first = await api.dial('*384*1#');
    expect(first.screen).toBe('Dev shop v1: amount?');

    const before = err.length;
    edit('Dev shop v1', 'Dev shop v2');
    await waitFor(
      () => err,
      /reloaded .*app\.ts \(version 2\): it answers from the next dial/,
      before,
    );
    expect((await api.dial('*384*1#')).screen).toBe('Dev shop v2: amount?');
    // The session begun before the edit goes on with the version that answered its dial.
    const going = await api.input(first.sessionId, '5');
    expect((going.body as { screen: string }).screen).toBe('Thanks');

    // A module that does not load leaves the last good one answering.
    const broken = err.length;
    edit("start: 'amount',", "start: 'amount',,");
    await waitFor(() => err, /did not load, the last version still answers/, broken);
    expect((await api.dial('*384*1#')).screen).toBe('Dev shop v2: amount?');
    edit("start: 'amount',,", "start: 'amount',");
    await waitFor(() => err, /reloaded .*app\.ts \(version 3\)/, broken);
  });

  it('prints an error with the screen and the customer inputs', async () => {
    const session = await api.dial('*384*1#');
    const before = err.length;
    const failed = await api.input(session.sessionId, '13');
    expect((failed.body as { screen: string }).screen).toBe(UNAVAILABLE);
    await waitFor(() => err, /Error: unlucky amount 13/, before);
    const printed = err.slice(before);
    expect(printed).toContain(
      `✖ ussdkit: the continue event of session ${session.sessionId} failed on screen "amount"`,
    );
    expect(printed).toContain('  screen on the phone:\n  │ Dev shop v2: amount?\n');
    expect(printed).toContain(`  customer's inputs: "*384*1#", "13"\n`);
    // The stack names the line of the TypeScript file that threw.
    expect(printed).toContain(`at next (${file}:14:`);
  });
});
