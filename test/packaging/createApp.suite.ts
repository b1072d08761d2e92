// `npm create ussdkit-app` before anything is published: the packed create-ussdkit-app is
// installed outside the workspace, its bin makes each template with `--from` the tarballs of
// `pnpm pack:local`, and each new project is installed with npm (third-party packages from the
// registry, one npm cache shared by the three installs, which run one after the other), then
// type-checks and passes its own `npm test`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, tempFolder } from './support/npmProject';

/** Each template, with the test files and tests its `npm test` runs. */
const templates = {
  express: { files: 5, tests: 9 },
  hono: { files: 5, tests: 9 },
  workers: { files: 5, tests: 9 },
} as const;

/** Every file under `folder`, node_modules aside, relative to it. */
function filesIn(folder: string, prefix = ''): string[] {
  return readdirSync(join(folder, prefix)).flatMap((name) => {
    const path = join(prefix, name);
    if (name === 'node_modules') return [];
    return statSync(join(folder, path)).isDirectory() ? filesIn(folder, path) : [path];
  });
}

export function createAppSuite(tarballs: () => { name: string; tarball: string }[]): void {
  describe('create-ussdkit-app, from its tarball', () => {
    const home = tempFolder('create-app');
    let bin = '';
    let from = '';

    beforeAll(() => {
      const scaffolder = tarballs().find(({ name }) => name === 'create-ussdkit-app');
      if (scaffolder === undefined) throw new Error('pnpm pack:local packed no create-ussdkit-app');
      from = dirname(scaffolder.tarball);
      const runner = join(home.path, 'runner');
      mkdirSync(runner);
      writeFileSync(join(runner, 'package.json'), '{ "private": true }\n');
      run(runner, 'npm', [
        'install',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        scaffolder.tarball,
      ]);
      bin = join(runner, 'node_modules', '.bin', 'create-ussdkit-app');
    }, 600_000);

    afterAll(() => home.remove());

    it('offers the three templates, and refuses a bad one with exit code 2', () => {
      expect(run(home.path, bin, ['--help'])).toContain('express | hono | workers');
      const refused = spawnSync(bin, ['x', '--template', 'koa'], {
        cwd: home.path,
        encoding: 'utf8',
      });
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain('Unknown template "koa"');
    });

    it('sets a project up for pnpm: its overrides install the tarballs, its tests pass', () => {
      const args = ['--template', 'hono', '--package-manager', 'pnpm', '--from', from];
      run(home.path, bin, ['my-pnpm-app', ...args]);
      const project = join(home.path, 'my-pnpm-app');
      // pnpm as a user runs it: not as the child of the workspace's `pnpm test`.
      const env = Object.fromEntries(
        Object.keys(process.env)
          .filter((key) => /^(npm_|pnpm_)/i.test(key))
          .map((key) => [key, undefined]),
      );
      run(project, 'pnpm', ['install', '--prefer-offline'], { env, timeout: 600_000 });
      const output = stripVTControlCharacters(
        run(project, 'pnpm', ['test'], { env: { ...env, CI: 'true', NO_COLOR: '1' } }),
      );
      expect(output).toMatch(/Tests\s+9 passed/);
      expect(readFileSync(join(project, 'README.md'), 'utf8')).toContain('pnpm dev');
    }, 900_000);

    for (const [template, expected] of Object.entries(templates)) {
      describe(`the ${template} template`, () => {
        const name = `my-${template}-app`;
        const project = join(home.path, name);

        beforeAll(() => {
          // npm, said outright: under `pnpm test` the user agent would pick pnpm.
          const args = ['--template', template, '--package-manager', 'npm', '--from', from];
          run(home.path, bin, [name, ...args]);
          run(project, 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], {
            timeout: 600_000,
          });
        }, 900_000);

        it('is written whole: a .gitignore, a README, no placeholder left', () => {
          const files = filesIn(project);
          expect(files).toEqual(expect.arrayContaining(['.gitignore', 'README.md', 'src/app.ts']));
          expect(files).toContain(template === 'workers' ? 'wrangler.toml' : 'Dockerfile');
          for (const file of files.filter((path) => !path.endsWith('package-lock.json'))) {
            expect(readFileSync(join(project, file), 'utf8'), file).not.toMatch(/\{\{\w+\}\}/);
          }
        });

        it('installs the @ussdkit packages from the tarballs', () => {
          const router = JSON.parse(
            readFileSync(
              join(project, 'node_modules', '@ussdkit', 'router', 'package.json'),
              'utf8',
            ),
          );
          expect(router.version).toMatch(/^\d+\.\d+\.\d+/);
          const lock = readFileSync(join(project, 'package-lock.json'), 'utf8');
          expect(lock).toContain(join(from, 'ussdkit-router.tgz'));
        });

        it('type-checks with tsc --noEmit', () => {
          expect(() => run(project, 'npx', ['tsc', '--noEmit'])).not.toThrow();
        });

        it('passes its own npm test', () => {
          const output = stripVTControlCharacters(
            run(project, 'npm', ['test'], { env: { CI: 'true', NO_COLOR: '1' } }),
          );
          expect(output).toMatch(new RegExp(`Test Files\\s+${expected.files} passed`));
          expect(output).toMatch(new RegExp(`Tests\\s+${expected.tests} passed`));
        });
      });
    }
  });
}
