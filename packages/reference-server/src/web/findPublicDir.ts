import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of this module: `src/web/` under vitest and tsx, `dist/` once bundled by tsup. */
function moduleDir(): string {
  // CJS bundles have `__dirname` (and an empty `import.meta`); ESM has `import.meta.url`.
  if (typeof __dirname === 'string') return __dirname;
  return dirname(fileURLToPath(import.meta.url));
}

/**
 * Finds the package's `public/` folder (the web phone) from this module's location: two levels
 * up from `src/web/`, one level up from `dist/`. Answers the first candidate that holds an
 * `index.html`.
 *
 * @example
 * ```ts
 * const dir = findPublicDir(); // ".../packages/reference-server/public"
 * ```
 */
export function findPublicDir(from: string = moduleDir()): string {
  const candidates = [resolve(from, '..', 'public'), resolve(from, '..', '..', 'public')];
  const found = candidates.find((candidate) => existsSync(join(candidate, 'index.html')));
  if (found === undefined) {
    throw new Error(
      `the web phone's public/ folder is missing (looked in ${candidates.join(', ')})`,
    );
  }
  return found;
}
