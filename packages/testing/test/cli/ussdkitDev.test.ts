/**
 * `ussdkit dev` end to end, through the bin's sources: the sandbox serves the fixture app and a
 * dial shows its menu. Live reload and the error reports are tested in @ussdkit/reference-server
 * (test/dev/dev.test.ts), whose command this is.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child === undefined || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child?.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
});

/** Resolves with the sandbox's URL once `ussdkit dev` says it listens and watches. */
function started(process: ChildProcess): Promise<string> {
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    process.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    process.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url !== undefined && out.includes('Watching for changes')) resolve(url);
    });
    process.once('exit', (code) =>
      reject(new Error(`ussdkit dev exited ${code}:\n${out}\n${err}`)),
    );
  });
}

it('serves the module’s app to the sandbox: a dial shows its menu', async () => {
  child = spawn(
    globalThis.process.execPath,
    [
      '--conditions=@ussdkit/source',
      '--import',
      'tsx',
      'src/cli/main.ts',
      'dev',
      'test/fixtures/cleanApp.ts',
      '--port',
      '0',
      '--auth-token',
      'fixture-token',
    ],
    { cwd: packageDir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const url = await started(child);
  const answer = await fetch(`${url}/sandbox/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ msisdn: '+2348030000001', dial: '*384*1#' }),
  });
  expect(answer.status).toBe(200);
  expect(await answer.json()).toMatchObject({ open: true, screen: 'Menu\n1. Amount\n2. Bye' });
}, 60_000);
