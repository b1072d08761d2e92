import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ExploreResult } from '../explore/ExploreResult';
import type { CliIo } from './CliIo';
import { runCli } from './runCli';

// Module paths are given relative to the package, as a user gives them relative to theirs.
const cwd = fileURLToPath(new URL('../..', import.meta.url));

function capture(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    cwd,
    stdout,
    stderr,
    out: (text) => stdout.push(text),
    err: (text) => stderr.push(text),
  };
}

const faulty = 'test/fixtures/faultyApp.ts';
const clean = 'test/fixtures/cleanApp.ts';

describe('ussdkit explore', () => {
  it('prints the screens and each problem with its `npx ussdkit dial` reproduction, and exits 1', async () => {
    const io = capture();
    expect(await runCli(['explore', faulty, '--language', 'en'], io)).toBe(1);
    const report = io.stdout.join('\n');
    expect(report).toMatch(
      /^ussdkit explore test\/fixtures\/faultyApp\.ts: \d+ sessions, 7 of 8 screens shown/,
    );
    expect(report).toMatch(/ {2}late +info +never shown/);
    expect(report).toContain(
      "  ✗ throws on amount (en)\n    Error: planted: the bank refuses 1000\n    reproduce: npx ussdkit dial '*384*1#' (a session in en), then: 1 › 1000",
    );
    expect(report).toContain(
      'problems (to see one on the terminal phone: `npx ussdkit dev test/fixtures/faultyApp.ts` in one terminal, its reproduce line in another)',
    );
    expect(report).not.toContain('pnpm');
    for (const kind of ['deadline on menu', 'invalid-answer on pay', 'stuck on loop']) {
      expect(report).toContain(`✗ ${kind} (en)`);
    }
  }, 60_000);

  it('prints JSON with --json, reads exploreOptions, and exits 0 on a clean app', async () => {
    const io = capture();
    expect(await runCli(['explore', clean, '--json'], io)).toBe(0);
    const result = JSON.parse(io.stdout.join('\n')) as ExploreResult;
    expect(result.problems).toEqual([]);
    expect(result.coverage.unreached).toEqual([]);
  });

  it('sends the token ussdkit dev sends (demo-token) when told none, as dev serves the module', async () => {
    const io = capture();
    expect(await runCli(['explore', 'test/fixtures/demoTokenApp.ts', '--json'], io)).toBe(0);
    expect((JSON.parse(io.stdout.join('\n')) as ExploreResult).problems).toEqual([]);
    const other = capture();
    const refused = ['explore', 'test/fixtures/demoTokenApp.ts', '--auth-token', 'other', '--json'];
    expect(await runCli(refused, other)).toBe(1);
    const { problems } = JSON.parse(other.stdout.join('\n')) as ExploreResult;
    expect(problems.map((problem) => problem.kind)).toContain('invalid-answer');
  });

  it('says what to change for bad arguments and modules, with exit code 2', async () => {
    const cases: [string[], RegExp][] = [
      [['nonsense'], /unknown command "nonsense"/],
      [['explore'], /give one module/],
      [
        ['explore', 'test/fixtures/missing.ts'],
        /cannot find the module test\/fixtures\/missing\.ts/,
      ],
      [['explore', 'src/cli/CliIo.ts'], /exports no app: export the result of createApp as `app`/],
      [['explore', clean, '--max-depth', 'deep'], /--max-depth takes a whole number, not "deep"/],
    ];
    for (const [argv, message] of cases) {
      const io = capture();
      expect(await runCli(argv, io)).toBe(2);
      expect(io.stderr.join('\n')).toMatch(message);
    }
  });
});

describe('ussdkit --help and ussdkit dev', () => {
  it('lists the commands with --help, exit 0', async () => {
    const io = capture();
    expect(await runCli(['--help'], io)).toBe(0);
    const help = io.stderr.join('\n');
    expect(help).toMatch(/^ {2}explore <module> +walk every branch/m);
    expect(help).toMatch(/^ {2}dev <module> +serve the module's app to the sandbox/m);
    expect(help).toMatch(/^ {2}dial <short code> +the terminal phone/m);
  });

  it("runs the sandbox's terminal phone as ussdkit dial: its help, and 1 with no sandbox", async () => {
    const io = capture();
    expect(await runCli(['dial', '--help'], io)).toBe(0);
    expect(io.stdout.join('\n')).toMatch(/The terminal phone: dials the short code/);
    const none = capture();
    // Port 9 (discard) on loopback: nothing listens, so no session can run (the phone says so
    // on its own screen, the process's stdout).
    expect(await runCli(['dial', '*384*1#', '--url', 'http://127.0.0.1:9'], none)).toBe(1);
  });

  it("prints the sandbox's dev options under the name ussdkit dev", async () => {
    const io = capture();
    expect(await runCli(['dev', '--help'], io)).toBe(0);
    const help = io.stdout.join('\n');
    expect(help).toMatch(/^Usage: ussdkit dev <module> \[--port 4000\]/);
    expect(help).toContain('--auth-token <t>');
  });

  it('says what to change for bad arguments, with exit code 2', async () => {
    const cases: [string[], RegExp][] = [
      [['dev'], /dev takes one app module, e.g\. ussdkit dev src\/app\.ts/],
      [['dev', clean, 'extra.ts'], /dev takes one app module/],
      [['dev', clean, '--port', 'high'], /ussdkit dev: --port must be an integer from 0 to 65535/],
      [['dev', clean, '--app-code', '1a'], /ussdkit dev: --app-code must be digits, got "1a"/],
      [['dev', clean, '--nonsense'], /ussdkit dev: Unknown option '--nonsense'/],
    ];
    for (const [argv, message] of cases) {
      const io = capture();
      expect(await runCli(argv, io)).toBe(2);
      expect(io.stderr.join('\n')).toMatch(message);
    }
  });
});
