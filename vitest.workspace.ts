import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultServerConditions } from 'vite';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Every package and example is one Vitest project. Tests import sibling packages through the
 * `@ussdkit/source` export condition, so they run against `src/` without a build.
 * Type tests (`*.test-d.ts`) run in the projects that have some: Vitest prints a notice that
 * type testing is experimental once per project where it is enabled (we pin Vitest's version,
 * as the notice asks).
 */
const conditions = ['@ussdkit/source', ...defaultServerConditions];
/**
 * Vitest hands the SSR conditions to Node for the dependencies it does not transform. Node knows
 * no `module` condition: with it, a CommonJS package's `require('@opentelemetry/api')` gets that
 * package's ESM build, which Node cannot load.
 */
const ssrConditions = conditions.filter((condition) => condition !== 'module');

/** Whether a folder holds a `*.test-d.ts` file (node_modules and dist aside). */
function hasTypeTests(dir: string): boolean {
  if (!existsSync(dir)) return false;
  return readdirSync(dir).some((name) => {
    if (name === 'node_modules' || name === 'dist') return false;
    const path = join(dir, name);
    return name.endsWith('.test-d.ts') || (statSync(path).isDirectory() && hasTypeTests(path));
  });
}

function projectsIn(folder: string): TestProjectInlineConfiguration[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(folder, entry.name, 'package.json')))
    .map((entry) => {
      const root = join(folder, entry.name);
      return {
        resolve: { conditions },
        ssr: {
          resolve: { conditions: ssrConditions, externalConditions: ['@ussdkit/source'] },
        },
        test: {
          name: `${folder}/${entry.name}`,
          root,
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
          typecheck: {
            enabled: hasTypeTests(join(root, 'src')) || hasTypeTests(join(root, 'test')),
            include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'],
            tsconfig: resolve(root, 'tsconfig.json'),
          },
        },
      } satisfies TestProjectInlineConfiguration;
    });
}

export default [
  ...projectsIn('packages'),
  ...projectsIn('examples'),
  // Root-level checks of the whole workspace: packed tarballs, compiled doc blocks (test/).
  // Sources too: the docs' examples, run against the sandbox, import `@ussdkit/router` by name.
  {
    resolve: { conditions },
    ssr: { resolve: { conditions, externalConditions: ['@ussdkit/source'] } },
    test: {
      name: 'workspace',
      root: 'test',
      include: ['**/*.test.ts'],
      environment: 'node',
      testTimeout: 180_000,
      hookTimeout: 600_000,
    },
  },
];
