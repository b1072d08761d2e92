import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProject } from './createProject';
import { TargetNotEmptyError } from './TargetNotEmptyError';
import { UsageError } from './UsageError';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'create-ussdkit-app-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const read = (path: string) => readFileSync(join(home, path), 'utf8');
const manifest = (project: string) => JSON.parse(read(`${project}/package.json`));
const routerVersion = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'router', 'package.json'), 'utf8'),
).version;

/** A folder of (empty) tarballs named as `pnpm pack:local` names them. */
function tarballs(names: string[]): string {
  const folder = join(home, 'tarballs');
  mkdirSync(folder, { recursive: true });
  for (const name of names) writeFileSync(join(folder, `ussdkit-${name}.tgz`), '');
  return folder;
}

describe('createProject', () => {
  it('writes the express template: app, tests, scripts, Dockerfile, .gitignore, README', async () => {
    const project = await createProject({ directory: join(home, 'My App'), template: 'express' });
    expect(project.packageName).toBe('my-app');
    expect(project.files).toEqual([
      '.dockerignore',
      '.gitignore',
      'Dockerfile',
      'README.md',
      'package.json',
      'src/app.ts',
      'src/dev.ts',
      'src/main.ts',
      'src/server.ts',
      'test/__transcripts__/buy-airtime.txt',
      'test/app.test.ts',
      'test/dev.test.ts',
      'test/explore.test.ts',
      'test/server.test.ts',
      'test/transcript.test.ts',
      'tsconfig.json',
      'vitest.config.ts',
    ]);
    const written = manifest('My App');
    expect(written.name).toBe('my-app');
    expect(written.scripts).toMatchObject({
      dev: 'ussdkit dev src/dev.ts',
      start: 'tsx src/main.ts',
      test: 'vitest run',
    });
    // The @ussdkit ranges are the ones released with the scaffolder (here: the workspace's).
    expect(written.dependencies).toMatchObject({
      '@ussdkit/router': `^${routerVersion}`,
      '@ussdkit/express': `^${routerVersion}`,
      express: expect.any(String),
    });
    expect(written.devDependencies['@ussdkit/testing']).toBe(`^${routerVersion}`);
    expect(written).not.toHaveProperty('overrides');
    expect(written.allowScripts).toEqual({ esbuild: true });
    expect(read('My App/README.md')).toMatch(/^# my-app\n/);
    expect(read('My App/README.md')).toContain('npm run dev');
    expect(read('My App/Dockerfile')).toContain('COPY package.json package-lock.json ./');
    expect(read('My App/Dockerfile')).toContain('RUN npm ci --omit=dev');
    expect(read('My App/.gitignore')).toContain('node_modules/');
  });

  it('writes pnpm commands, and lets pnpm build esbuild', async () => {
    await createProject({ directory: join(home, 'app'), template: 'hono', packageManager: 'pnpm' });
    expect(read('app/README.md')).toContain('pnpm dev');
    expect(read('app/README.md')).not.toContain('npm run');
    expect(read('app/Dockerfile')).toContain('COPY package.json pnpm-lock.yaml ./');
    expect(manifest('app').pnpm).toEqual({ onlyBuiltDependencies: ['esbuild'] });
    expect(manifest('app').dependencies).toHaveProperty('@ussdkit/hono');
  });

  it('writes the workers template with wrangler.toml and no Dockerfile', async () => {
    const project = await createProject({ directory: join(home, 'edge'), template: 'workers' });
    expect(project.files).toContain('wrangler.toml');
    expect(project.files).toContain('src/worker.ts');
    expect(project.files).not.toContain('Dockerfile');
    expect(read('edge/wrangler.toml')).toContain('name = "edge"');
    expect(read('edge/wrangler.toml')).toContain('class_name = "UssdSessionObject"');
    // wrangler is a pinned dev dependency, run from node_modules/.bin: nothing fetched at run time.
    expect(manifest('edge').scripts).toMatchObject({
      start: 'wrangler dev',
      deploy: 'wrangler deploy',
    });
    expect(manifest('edge').devDependencies.wrangler).toMatch(/^\d+\.\d+\.\d+$/);
    expect(manifest('edge').allowScripts).toEqual({ esbuild: true, sharp: true, workerd: true });
    expect(read('edge/wrangler.toml')).not.toMatch(/\{\{|npx --yes/);
    // `npm start` answers with the sandbox's token, with no step first.
    expect(read('edge/.dev.vars')).toMatch(/^USSD_APP_TOKEN=demo-token$/m);
    expect(read('edge/.gitignore')).toContain('.dev.vars');
  });

  it('depends on the tarballs of --from by relative path, overrides the others, and builds its image with them', async () => {
    const from = tarballs([
      'protocol',
      'router',
      'express',
      'testing',
      'reference-server',
      'client',
    ]);
    writeFileSync(join(from, 'ussdkit-router-0.1.0.tgz'), ''); // pnpm pack's name: loses to pack:local's
    const project = await createProject({
      directory: join(home, 'app'),
      template: 'express',
      from,
    });
    const written = manifest('app');
    // As `npm install ../tarballs/ussdkit-router.tgz` writes it, so that a package added later
    // from the same folder matches its override.
    expect(written.dependencies['@ussdkit/router']).toBe('file:../tarballs/ussdkit-router.tgz');
    expect(written.devDependencies['@ussdkit/reference-server']).toBe(
      'file:../tarballs/ussdkit-reference-server.tgz',
    );
    // npm: a direct dependency is overridden by reference (EOVERRIDE otherwise), the rest by path.
    expect(written.overrides).toEqual({
      '@ussdkit/client': 'file:../tarballs/ussdkit-client.tgz',
      '@ussdkit/express': '$@ussdkit/express',
      '@ussdkit/protocol': 'file:../tarballs/ussdkit-protocol.tgz',
      '@ussdkit/reference-server': '$@ussdkit/reference-server',
      '@ussdkit/router': '$@ussdkit/router',
      '@ussdkit/testing': '$@ussdkit/testing',
    });
    expect(written.scripts.postinstall).toBe('node scripts/refresh-tarballs.mjs');
    expect(project.files).toContain('scripts/refresh-tarballs.mjs');
    const dockerfile = read('app/Dockerfile');
    expect(dockerfile).toContain(
      'docker build --build-context ussdkit-tarballs=../tarballs -t app .',
    );
    expect(dockerfile).toMatch(
      /COPY --from=ussdkit-tarballs \*\.tgz \/tarballs\/\nCOPY scripts\/refresh-tarballs\.mjs \.\/scripts\/\nCOPY package\.json package-lock\.json \.\/\n/,
    );
    expect(read('app/README.md')).toContain(
      'docker build --build-context ussdkit-tarballs=../tarballs -t app .',
    );
  });

  it('refuses a --from without a tarball the template needs, before writing anything', async () => {
    const from = tarballs(['protocol', 'router', 'express']);
    const creating = createProject({ directory: join(home, 'app'), template: 'hono', from });
    await expect(creating).rejects.toThrow(UsageError);
    await expect(creating).rejects.toThrow(
      '--from has no tarball of @ussdkit/hono (ussdkit-hono.tgz)',
    );
    expect(() => read('app/package.json')).toThrow();
  });

  it('refuses a --from folder that does not exist or holds no tarball', async () => {
    await expect(
      createProject({ directory: join(home, 'a'), template: 'hono', from: join(home, 'nope') }),
    ).rejects.toThrow(/no such folder/);
    mkdirSync(join(home, 'empty'));
    await expect(
      createProject({ directory: join(home, 'a'), template: 'hono', from: join(home, 'empty') }),
    ).rejects.toThrow(/holds no @ussdkit tarball/);
  });

  it('refuses a directory that holds files, and writes nothing there', async () => {
    mkdirSync(join(home, 'busy'));
    writeFileSync(join(home, 'busy', 'notes.txt'), 'mine');
    const creating = createProject({ directory: join(home, 'busy'), template: 'express' });
    await expect(creating).rejects.toThrow(TargetNotEmptyError);
    await expect(creating).rejects.toThrow(/busy is not empty \(it holds "notes.txt"\)/);
    expect(read('busy/notes.txt')).toBe('mine');
  });

  it('fills an empty directory that exists', async () => {
    mkdirSync(join(home, 'empty'));
    const project = await createProject({ directory: join(home, 'empty'), template: 'hono' });
    expect(project.files).toContain('src/app.ts');
  });
});
