import { relative } from 'node:path';
import type { PackageManager } from '../templates';
import { UsageError } from '../UsageError';

type Dependencies = Record<string, string>;

/** The template's package.json, as far as the generator changes it. */
export interface Manifest {
  name?: string;
  scripts?: Dependencies;
  dependencies?: Dependencies;
  devDependencies?: Dependencies;
  [field: string]: unknown;
}

/** How the project gets its `@ussdkit/*` packages. */
export type UssdkitSource =
  | { readonly kind: 'registry'; readonly range: (name: string) => string }
  | { readonly kind: 'tarballs'; readonly tarballs: ReadonlyMap<string, string> };

/** The script an npm project made with `--from` runs after each install (see refreshTarballs). */
export const REFRESH_SCRIPT = 'scripts/refresh-tarballs.mjs';

/**
 * The new project's package.json: the template's, named, with each `@ussdkit/*` dependency
 * pointed at the registry range or at a tarball. A tarball is named by its path relative to the
 * project, as `npm install <tarball>` writes one, and every tarball is also an override: the
 * packages depend on each other with registry ranges (`^0.1.0`), which must not reach the
 * registry before anything is published. npm refuses an override of a direct dependency that is
 * not written as the dependency is (EOVERRIDE), so a direct one is overridden by reference
 * (`$@ussdkit/router`) and a package added later from the same folder matches its override.
 */
export function projectManifest(
  template: Manifest,
  options: {
    name: string;
    directory: string;
    packageManager: PackageManager;
    ussdkit: UssdkitSource;
  },
): Manifest {
  const { ussdkit } = options;
  const fileSpec = (path: string) =>
    `file:${relative(options.directory, path).split('\\').join('/')}`;
  const point = (dependencies: Dependencies): Dependencies =>
    Object.fromEntries(
      Object.entries(dependencies).map(([name, range]) => {
        if (!name.startsWith('@ussdkit/')) return [name, range];
        if (ussdkit.kind === 'registry') return [name, ussdkit.range(name)];
        const tarball = ussdkit.tarballs.get(name);
        if (tarball === undefined) {
          throw new UsageError(
            `--from has no tarball of ${name} (${name.replace('@ussdkit/', 'ussdkit-')}.tgz), which this template needs. Pack every package with \`pnpm pack:local\`.`,
          );
        }
        return [name, fileSpec(tarball)];
      }),
    );
  const manifest: Manifest = { ...template, name: options.name };
  if (template.dependencies) manifest.dependencies = point(template.dependencies);
  if (template.devDependencies) manifest.devDependencies = point(template.devDependencies);
  const direct = new Set(Object.keys({ ...template.dependencies, ...template.devDependencies }));
  const overrides =
    ussdkit.kind === 'tarballs'
      ? Object.fromEntries(
          [...ussdkit.tarballs].map(([name, path]) => [
            name,
            direct.has(name) && options.packageManager === 'npm' ? `$${name}` : fileSpec(path),
          ]),
        )
      : undefined;
  // pnpm 10 and npm 11 run no dependency's install script unless the project allows it: esbuild's
  // (under tsx, vitest and wrangler) checks its platform binary; wrangler's runtime (workerd) and
  // miniflare's image library (sharp) check theirs.
  const builds = ['esbuild', ...(template.devDependencies?.wrangler ? ['sharp', 'workerd'] : [])];
  if (options.packageManager === 'pnpm') {
    manifest.pnpm = { ...(overrides && { overrides }), onlyBuiltDependencies: builds };
  } else {
    if (overrides) {
      manifest.overrides = overrides;
      // npm installs a file: tarball once and never reads it again (npm/cli#1550): after each
      // install, the script re-installs the tarballs packed again since.
      manifest.scripts = { ...template.scripts, postinstall: `node ${REFRESH_SCRIPT}` };
    }
    manifest.allowScripts = Object.fromEntries(builds.map((name) => [name, true]));
  }
  return manifest;
}
