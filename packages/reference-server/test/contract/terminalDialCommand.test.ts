/** The `dial` sub-command (`ussdkit-sandbox dial '*384*1#' --url ... --msisdn ...`). */
import { PassThrough, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/internal/cli/CliIo';
import { createDialCommand } from '../../src/terminal/index';
import { type DemoApp, startDemoApp, startWebSandbox, type WebSandbox } from '../e2e/demoUssdApp';

function run(argv: string[], lines: string[] = []) {
  const input = new PassThrough();
  let screens = '';
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      screens += chunk.toString('utf8');
      done();
    },
  });
  for (const line of lines) input.write(`${line}\n`);
  input.end();
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (line) => out.push(line), err: (line) => err.push(line), onStop() {} };
  return createDialCommand({ input, output })(argv, io).then((code) => ({
    code,
    screens,
    out,
    err,
  }));
}

describe('ussdkit-sandbox dial', () => {
  let app: DemoApp;
  let sandbox: WebSandbox;

  beforeAll(async () => {
    app = await startDemoApp();
    sandbox = await startWebSandbox({ appUrl: app.url });
  });

  afterAll(async () => {
    await sandbox.close();
    await app.close();
  });

  it('dials the short code at --url from --msisdn and exits 0 after the session', async () => {
    const result = await run(['*384*1#', '--url', sandbox.url, '--msisdn', '08039998888'], ['2']);
    expect(result.code).toBe(0);
    expect(result.screens).toContain('│ Call 0800 USSDKIT for help.    │');
    expect(result.screens).toContain('Session closed: End');
    const history = (await (await fetch(`${sandbox.url}/sandbox/history`)).json()) as unknown[];
    expect(JSON.stringify(history)).toContain('08039998888');
  });

  it('exits 1 with the clear message when no sandbox listens', async () => {
    const result = await run(['*384*1#', '--url', 'http://127.0.0.1:9']);
    expect(result.code).toBe(1);
    expect(result.screens).toBe(
      'No sandbox is running at http://127.0.0.1:9: start one with `pnpm start` or `npx ussdkit-sandbox`\n',
    );
  });

  it('prints the usage with --help, and exits 2 on bad arguments', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.out.join('\n')).toMatch(/^Usage: ussdkit-sandbox dial <short code>/);
    const none = await run([]);
    expect(none.code).toBe(2);
    expect(none.err[0]).toBe(
      'ussdkit-sandbox dial: give exactly one short code, e.g. dial "*384*1#"',
    );
    const unknown = await run(['*384*1#', '--port', '1']);
    expect(unknown.code).toBe(2);
    expect(unknown.err[0]).toMatch(/^ussdkit-sandbox dial: .*--port/);
  });
});
