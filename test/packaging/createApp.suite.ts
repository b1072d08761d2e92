// `npm create ussdkit-app` before anything is published: the packed create-ussdkit-app is
// installed outside the workspace, its bin makes each template with `--from` a copy of the
// tarballs of `pnpm pack:local`, and each new project is installed with npm (third-party packages
// from the registry, one npm cache shared by the installs, which run one after the other), then
// type-checks, passes its own `npm test` and starts with `npm start` on this Node. The express
// project then takes another package from its tarball, picks up a new pack at its next install,
// and its image is laid out as its Dockerfile says and run.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { background, firstAnswer, freePort } from './support/background';
import { layOutImage } from './support/imageLayout';
import { run, tempFolder } from './support/npmProject';

/** Each template, with the test files and tests its `npm test` runs. */
const allTemplates = {
  express: { files: 5, tests: 9 },
  hono: { files: 5, tests: 9 },
  workers: { files: 5, tests: 9 },
} as const;

type Template = keyof typeof allTemplates;

/** Every file under `folder`, node_modules aside, relative to it. */
function filesIn(folder: string, prefix = ''): string[] {
  return readdirSync(join(folder, prefix)).flatMap((name) => {
    const path = join(prefix, name);
    if (name === 'node_modules') return [];
    return statSync(join(folder, path)).isDirectory() ? filesIn(folder, path) : [path];
  });
}

/** `npm install` as a user types it, quiet about audits and funding. */
const npmInstall = (cwd: string, ...args: string[]) =>
  run(cwd, 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...args], {
    timeout: 600_000,
  });

/** Packs `tarball` again with its package.json changed by `change`: a new `pnpm pack:local`. */
function repack(tarball: string, change: (manifest: Record<string, unknown>) => void): void {
  const scratch = mkdtempSync(join(dirname(tarball), '.repack-'));
  execFileSync('tar', ['-xzf', tarball, '-C', scratch]);
  const path = join(scratch, 'package', 'package.json');
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  change(manifest);
  writeFileSync(path, JSON.stringify(manifest, null, 2));
  execFileSync('tar', ['-czf', tarball, '-C', scratch, 'package']);
}

/**
 * The suite, given the tarballs `pnpm pack:local` wrote. `only` narrows it to some templates
 * (the runs on other Node versions take a focused set).
 */
export function createAppSuite(
  tarballs: () => { name: string; tarball: string }[],
  only: readonly Template[] = Object.keys(allTemplates) as Template[],
): void {
  describe('create-ussdkit-app, from its tarball', () => {
    const home = tempFolder('create-app');
    let bin = '';
    // A copy: the express project's test packs one of them again.
    const from = join(home.path, 'tarballs');

    beforeAll(() => {
      mkdirSync(from);
      for (const { tarball } of tarballs())
        cpSync(tarball, join(from, tarball.split('/').pop() ?? ''));
      const scaffolder = join(from, 'create-ussdkit-app.tgz');
      const runner = join(home.path, 'runner');
      mkdirSync(runner);
      writeFileSync(join(runner, 'package.json'), '{ "private": true }\n');
      npmInstall(runner, scaffolder);
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

    if (only.includes('hono')) {
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
    }

    for (const template of only) {
      const expected = allTemplates[template];
      describe(`the ${template} template`, () => {
        const name = `my-${template}-app`;
        const project = join(home.path, name);

        beforeAll(() => {
          // npm, said outright: under `pnpm test` the user agent would pick pnpm.
          const args = ['--template', template, '--package-manager', 'npm', '--from', from];
          run(home.path, bin, [name, ...args]);
          npmInstall(project);
        }, 900_000);

        it('is written whole: a .gitignore, a README, no placeholder left', () => {
          const files = filesIn(project);
          expect(files).toEqual(expect.arrayContaining(['.gitignore', 'README.md', 'src/app.ts']));
          expect(files).toContain(template === 'workers' ? 'wrangler.toml' : 'Dockerfile');
          for (const file of files.filter((path) => !path.endsWith('package-lock.json'))) {
            expect(readFileSync(join(project, file), 'utf8'), file).not.toMatch(/\{\{\w+\}\}/);
          }
        });

        it('installs the @ussdkit packages from the tarballs, named by relative path', () => {
          const router = JSON.parse(
            readFileSync(
              join(project, 'node_modules', '@ussdkit', 'router', 'package.json'),
              'utf8',
            ),
          );
          expect(router.version).toMatch(/^\d+\.\d+\.\d+/);
          const lock = readFileSync(join(project, 'package-lock.json'), 'utf8');
          expect(lock).toContain('"resolved": "file:../tarballs/ussdkit-router.tgz"');
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

        it('explores src/dev.ts with npx ussdkit explore, no flag, and finds nothing', () => {
          // TypeScript loaded as `ussdkit dev` loads it, with the token it sends (demo-token).
          const report = run(project, 'npx', ['ussdkit', 'explore', 'src/dev.ts']);
          expect(report).toMatch(
            /^ussdkit explore src\/dev\.ts: \d+ sessions, 4 of 4 screens shown/,
          );
          expect(report).toContain('No problems found.');
        });

        it(`starts with npm start on Node ${process.versions.node} and answers GET /health`, async () => {
          const port = await freePort();
          // wrangler dev takes its port as an option; the Node servers read PORT.
          const args =
            template === 'workers' ? ['--', '--port', String(port), '--ip', '127.0.0.1'] : [];
          const server = background(project, 'npm', ['start', ...args], {
            PORT: String(port),
            USSD_APP_TOKEN: 'test-token',
            WRANGLER_SEND_METRICS: 'false',
            CI: 'true',
          });
          try {
            const health = await firstAnswer(`http://127.0.0.1:${port}/health`, server);
            expect(health.status, server.output()).toBe(200);
            expect(await health.json()).toEqual({ status: 'ok' });
          } finally {
            await server.stop();
          }
        }, 180_000);

        if (template === 'express') {
          it('takes another package from its tarball with npm install', () => {
            npmInstall(project, join(from, 'ussdkit-africastalking.tgz'));
            const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
            expect(manifest.dependencies['@ussdkit/africastalking']).toBe(
              'file:../tarballs/ussdkit-africastalking.tgz',
            );
            const loaded = run(project, 'node', [
              '--input-type=module',
              '-e',
              "import('@ussdkit/africastalking').then((m) => console.log(typeof m.africasTalking))",
            ]);
            expect(loaded.trim()).toBe('function');
          }, 600_000);

          it('picks up a new pack of a tarball at the next npm install', () => {
            repack(join(from, 'ussdkit-router.tgz'), (manifest) => {
              manifest.description = 'packed again';
            });
            npmInstall(project);
            const installed = join(project, 'node_modules', '@ussdkit', 'router', 'package.json');
            expect(JSON.parse(readFileSync(installed, 'utf8')).description).toBe('packed again');
          }, 600_000);

          it('builds its image from the Dockerfile, the tarballs brought in as a build context', async () => {
            const dockerfile = readFileSync(join(project, 'Dockerfile'), 'utf8');
            const build = /docker build --build-context ussdkit-tarballs=(\S+) -t (\S+) \./.exec(
              dockerfile,
            );
            expect(build?.[1]).toBe('../tarballs');
            const image = join(home.path, 'image');
            const steps = layOutImage(dockerfile, image, {
              '.': project,
              'ussdkit-tarballs': join(project, build?.[1] ?? ''),
            });
            const workdir = join(image, steps.workdir);
            for (const command of steps.run) {
              run(workdir, 'bash', ['-c', command], { env: steps.env, timeout: 600_000 });
            }
            const port = await freePort();
            const [command = '', ...args] = steps.cmd;
            const server = background(workdir, command, args, {
              ...steps.env,
              PORT: String(port),
              USSD_APP_TOKEN: 'image-token',
            });
            try {
              const health = await firstAnswer(`http://127.0.0.1:${port}/health`, server);
              expect(health.status, server.output()).toBe(200);
            } finally {
              await server.stop();
            }
          }, 600_000);
        }
      });
    }
  });
}
