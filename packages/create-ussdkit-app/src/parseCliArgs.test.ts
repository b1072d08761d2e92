import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './parseCliArgs';
import { UsageError } from './UsageError';

describe('parseCliArgs', () => {
  it('reads a directory, a template, a package manager and --from', () => {
    expect(
      parseCliArgs(['my-app', '--template', 'hono', '--package-manager', 'pnpm', '--from', 't']),
    ).toEqual({
      directory: 'my-app',
      template: 'hono',
      packageManager: 'pnpm',
      from: 't',
      help: false,
      version: false,
    });
  });

  it('reads the short and the = forms', () => {
    expect(parseCliArgs(['-t', 'workers', '-p', 'npm', 'app'])).toMatchObject({
      directory: 'app',
      template: 'workers',
      packageManager: 'npm',
    });
    expect(parseCliArgs(['--template=express'])).toEqual({
      template: 'express',
      help: false,
      version: false,
    });
  });

  it('leaves out what was not given, to be asked for', () => {
    expect(parseCliArgs([])).toEqual({ help: false, version: false });
    expect(parseCliArgs(['--help']).help).toBe(true);
    expect(parseCliArgs(['-v']).version).toBe(true);
  });

  it.each([
    [['--template', 'koa'], 'Unknown template "koa": use --template express, hono or workers.'],
    [['-p', 'yarn'], 'Unknown package manager "yarn": use --package-manager npm or pnpm.'],
    [['a', 'b'], 'Give one directory, not 2 (a, b).'],
    [['--from', ''], '--from needs a folder of packed @ussdkit tarballs.'],
    [['--tempalte', 'hono'], "Unknown option '--tempalte'"],
    [['--template'], "Option '-t, --template <value>' argument missing"],
  ])('refuses %j with a UsageError that says what to change', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError);
    expect(() => parseCliArgs(argv)).toThrow(message);
  });
});
