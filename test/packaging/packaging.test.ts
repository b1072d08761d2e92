// Packs every publishable package, installs the tarballs with npm into a temporary project under
// the OS temp dir (outside the workspace: no `@ussdkit/source` condition, no workspace links), and
// runs an ESM and a CommonJS program against them that start a sandbox, serve a router app, call
// the client and dial the app through the sandbox API. Third-party dependencies (zod, hono,
// undici, express) come from the npm registry.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lintTarball,
  packPackages,
  publishablePackages,
  root,
} from '../../scripts/release-check.mjs';

const packages = publishablePackages();
const fixtures = join(import.meta.dirname, 'fixtures');
let project = '';
let tarballs: { name: string; tarball: string }[] = [];

/** The `main` file of every package must exist; on a fresh clone nothing is built yet. */
function buildMissingDist(): void {
  const unbuilt = packages.filter((pkg) => !existsSync(join(pkg.dir, String(pkg.manifest.main))));
  for (const pkg of unbuilt) {
    execFileSync('pnpm', ['--filter', pkg.name, 'build'], { cwd: root, stdio: 'ignore' });
  }
}

function run(command: string, args: string[]): string {
  return execFileSync(command, args, { cwd: project, encoding: 'utf8', timeout: 60_000 });
}

beforeAll(() => {
  buildMissingDist();
  project = mkdtempSync(join(tmpdir(), 'ussdkit-packaging-'));
  tarballs = packPackages(join(project, 'tarballs'), packages);
  const local = Object.fromEntries(tarballs.map(({ name, tarball }) => [name, `file:${tarball}`]));
  const manifest = {
    name: 'ussdkit-packaging-consumer',
    private: true,
    dependencies: {
      ...local,
      '@hono/node-server': '^1.19.0',
      express: '^5.1.0',
      hono: '^4.6.0',
      zod: '^4.1.0',
    },
    // Siblings depend on each other with `^0.1.0`: pin them to the tarballs, never the registry.
    overrides: local,
  };
  writeFileSync(join(project, 'package.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        lib: ['es2023', 'dom'],
        types: [],
        strict: true,
        exactOptionalPropertyTypes: true,
        skipLibCheck: true,
        noEmit: true,
      },
      files: ['types.mts', 'types.cts'],
    }),
  );
  for (const file of ['esm.mjs', 'cjs.cjs', 'types.mts', 'types.cts']) {
    copyFileSync(join(fixtures, file), join(project, file));
  }
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
    { cwd: project, stdio: ['ignore', 'ignore', 'inherit'], timeout: 240_000 },
  );
}, 600_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('the packed packages, installed outside the workspace', () => {
  it('installs every publishable package from its tarball, with dist/ and without workspace ranges', () => {
    expect(packages.map((pkg) => pkg.name)).toEqual(
      expect.arrayContaining([
        '@ussdkit/client',
        '@ussdkit/express',
        '@ussdkit/hono',
        '@ussdkit/protocol',
        '@ussdkit/reference-server',
        '@ussdkit/router',
        '@ussdkit/testing',
      ]),
    );
    for (const pkg of packages) {
      const installed = join(project, 'node_modules', pkg.name);
      expect(realpathSync(installed).startsWith(realpathSync(project))).toBe(true);
      const manifest = readFileSync(join(installed, 'package.json'), 'utf8');
      expect(manifest).not.toContain('workspace:');
      expect(existsSync(join(installed, String(pkg.manifest.main)))).toBe(true);
      expect(existsSync(join(installed, 'src'))).toBe(false);
      // One copy of each sibling: nested installs would mean a sibling came from the registry.
      expect(existsSync(join(installed, 'node_modules', '@ussdkit'))).toBe(false);
    }
  });

  it('packs tarballs that publint (strict) and attw (profile node16) find clean', () => {
    for (const { name, tarball } of tarballs) {
      const { problems, output } = lintTarball(tarball, { quiet: true });
      expect(problems, `${name}:\n${output}`).toEqual([]);
    }
  });

  it('runs an ESM program: sandbox, client call, and a dial to an app served with @ussdkit/express', () => {
    const seen = JSON.parse(run('node', ['esm.mjs']));
    expect(seen).toMatchObject({
      module: 'esm',
      patchStatus: 200,
      clientName: 'Demo Developer',
      shortcode: { mainCode: '384', appCode: '1' },
      second: 'Hello from a tarball',
      open: false,
    });
    expect(seen.first).toContain('Packed shop (ESM)');
    expect(seen.first).toContain('1. Hello');
    expect(seen.webPhone.status).toBe(200);
    expect(seen.webPhone.type).toContain('text/html');
    expect(seen.webPhone.html).toMatch(/<script[^>]+type="module"/);
  });

  it('runs a CommonJS program: sandbox, client call, and a dial to an app served with @ussdkit/hono', () => {
    const seen = JSON.parse(run('node', ['cjs.cjs']));
    expect(seen).toMatchObject({
      module: 'cjs',
      patchStatus: 200,
      clientName: 'Demo Developer',
      shortcode: { mainCode: '384', appCode: '1' },
      second: 'Hello from a tarball',
      open: false,
    });
    expect(seen.first).toContain('Packed shop (CJS)');
    expect(seen.first).toContain('1. Hello');
  });

  it('type-checks ESM and CommonJS consumers under moduleResolution nodenext', () => {
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    expect(() => run('node', [tsc, '-p', 'tsconfig.json'])).not.toThrow();
  });

  it('installs the ussdkit-sandbox command', () => {
    expect(run(join('node_modules', '.bin', 'ussdkit-sandbox'), ['--help'])).toContain('--port');
  });
});
