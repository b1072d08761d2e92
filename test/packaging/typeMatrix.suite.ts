// The public types behave the same on every TypeScript major npm installs today, under module
// nodenext, node16 and bundler, with and without exactOptionalPropertyTypes, with skipLibCheck
// off (our .d.ts are checked too): the README's first app and every example of docs/router.md
// compile, and a bad target's error names the screen and the target.
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../scripts/release-check.mjs';
import { run, tempFolder, typeCheck } from './support/npmProject';

/** The TypeScript majors, installed side by side under aliases. */
const typescripts = { ts5: '^5', ts6: '^6', ts7: '^7' } as const;
const modules = {
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
  node16: { module: 'node16', moduleResolution: 'node16' },
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
} as const;

const good = [
  join('examples', 'airtime-shop', 'test', 'guide', 'firstApp.ts'),
  ...readdirSync(join(root, 'docs', 'router-examples'))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join('docs', 'router-examples', name)),
];

export function typeMatrixSuite(tarballs: () => { name: string; tarball: string }[]): void {
  describe('the public types on TypeScript 5, 6 and 7, nodenext, node16 and bundler', () => {
    const folder = tempFolder('types');
    const project = folder.path;
    const installed: Record<string, string> = {};

    beforeAll(() => {
      const local = Object.fromEntries(
        tarballs()
          .filter(({ name }) => name === '@ussdkit/protocol' || name === '@ussdkit/router')
          .map(({ name, tarball }) => [name, `file:${tarball}`]),
      );
      const aliases = Object.fromEntries(
        Object.entries(typescripts).map(([alias, range]) => [alias, `npm:typescript@${range}`]),
      );
      writeFileSync(
        join(project, 'package.json'),
        JSON.stringify({
          name: 'ussdkit-type-matrix',
          private: true,
          type: 'module',
          dependencies: { ...local, zod: '^4.1.0', '@types/node': '^20.19.0', ...aliases },
          overrides: local,
        }),
      );
      mkdirSync(join(project, 'src'));
      mkdirSync(join(project, 'bad'));
      for (const file of good) copyFileSync(join(root, file), join(project, 'src', basename(file)));
      copyFileSync(
        join(import.meta.dirname, 'fixtures', 'matrix', 'badTargets.ts'),
        join(project, 'bad', 'badTargets.ts'),
      );
      run(project, 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline']);
      for (const alias of Object.keys(typescripts)) {
        installed[alias] = run(project, 'node', [
          join('node_modules', alias, 'bin', 'tsc'),
          '-v',
        ]).trim();
      }
    }, 600_000);

    afterAll(() => folder.remove());

    const cases = Object.keys(typescripts).flatMap((ts) =>
      Object.keys(modules).flatMap((module) =>
        [true, false].map((exact) => ({ ts, module: module as keyof typeof modules, exact })),
      ),
    );

    it.each(cases)(
      '$ts, module $module, exactOptionalPropertyTypes $exact',
      ({ ts, module, exact }) => {
        const config = `tsconfig.${ts}.${module}.${exact}.json`;
        const compilerOptions = {
          ...modules[module],
          target: 'es2022',
          strict: true,
          exactOptionalPropertyTypes: exact,
          noUncheckedIndexedAccess: true,
          types: ['node'],
          // Our own .d.ts are checked once per major; checking every library's in each case
          // would triple the time and test nothing more of ours.
          skipLibCheck: !(module === 'nodenext' && exact),
          noEmit: true,
        };
        writeFileSync(
          join(project, config),
          JSON.stringify({ compilerOptions, include: ['src', 'bad'] }),
        );
        const { errors } = typeCheck(project, join('node_modules', ts, 'bin', 'tsc'), config);
        // The good files compile; the bad one fails, naming each screen and target.
        expect(
          errors.filter((error) => !error.startsWith('bad/')),
          installed[ts],
        ).toEqual([]);
        const bad = errors.join('\n');
        expect(bad, installed[ts]).toContain(
          "screen 'menu' leads to 'amout', which is not a screen",
        );
        expect(bad, installed[ts]).toContain(
          "screen 'amount' has a handler without `targets`: list the screens it may return",
        );
      },
    );

    it("compiles the README's first app with no Node types at all (`types: []`), on each major", () => {
      for (const ts of Object.keys(typescripts)) {
        const config = `tsconfig.${ts}.neutral.json`;
        writeFileSync(
          join(project, config),
          JSON.stringify({
            compilerOptions: {
              ...modules.nodenext,
              target: 'esnext',
              strict: true,
              types: [],
              skipLibCheck: true,
              noEmit: true,
            },
            files: ['src/firstApp.ts'],
          }),
        );
        const result = typeCheck(project, join('node_modules', ts, 'bin', 'tsc'), config);
        expect(result.errors, installed[ts]).toEqual([]);
      }
    });
  });
}
