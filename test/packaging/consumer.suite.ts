// The packed packages installed with npm into a project under the OS temp dir (outside the
// workspace: no `@ussdkit/source` condition, no workspace links), with an ESM and a CommonJS
// program that start a sandbox, serve a router app, call the client and dial the app through the
// sandbox API. Third-party dependencies (zod, hono, undici, express) come from the npm registry.
import { copyFileSync, existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintTarball, publishablePackages, root } from '../../scripts/release-check.mjs';
import { run, tempFolder } from './support/npmProject';

const fixtures = join(import.meta.dirname, 'fixtures');

/**
 * The suite, given the tarballs `pnpm pack:local` wrote (read once they exist). `lint: false`
 * leaves publint and attw out (they read the tarballs, whatever Node runs them).
 */
export function consumerSuite(
  tarballs: () => { name: string; tarball: string }[],
  options: { lint?: boolean } = {},
): void {
  describe('the packed packages, installed outside the workspace', () => {
    const packages = publishablePackages();
    const folder = tempFolder('packaging');
    const project = folder.path;

    beforeAll(() => {
      const local = Object.fromEntries(
        tarballs().map(({ name, tarball }) => [name, `file:${tarball}`]),
      );
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
      run(project, 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline']);
    }, 600_000);

    afterAll(() => folder.remove());

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

    if (options.lint !== false) {
      it('packs tarballs that publint (strict) and attw (profile node16) find clean', () => {
        for (const { name, tarball } of tarballs()) {
          const { problems, output } = lintTarball(tarball, { quiet: true });
          expect(problems, `${name}:\n${output}`).toEqual([]);
        }
      });
    }

    it('runs an ESM program: sandbox, client call, and a dial to an app served with @ussdkit/express', () => {
      const seen = JSON.parse(run(project, 'node', ['esm.mjs']));
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
      const seen = JSON.parse(run(project, 'node', ['cjs.cjs']));
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
      expect(() => run(project, 'node', [tsc, '-p', 'tsconfig.json'])).not.toThrow();
    });

    it('installs the ussdkit-sandbox command', () => {
      expect(run(project, join('node_modules', '.bin', 'ussdkit-sandbox'), ['--help'])).toContain(
        '--port',
      );
    });
  });
}
