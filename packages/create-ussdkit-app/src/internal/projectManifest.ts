import type { PackageManager } from '../templates';
import { UsageError } from '../UsageError';

type Dependencies = Record<string, string>;

/** The template's package.json, as far as the generator changes it. */
export interface Manifest {
  name?: string;
  dependencies?: Dependencies;
  devDependencies?: Dependencies;
  [field: string]: unknown;
}

/** How the project gets its `@ussdkit/*` packages. */
export type UssdkitSource =
  | { readonly kind: 'registry'; readonly range: (name: string) => string }
  | { readonly kind: 'tarballs'; readonly tarballs: ReadonlyMap<string, string> };

/**
 * The new project's package.json: the template's, named, with each `@ussdkit/*` dependency
 * pointed at the registry range or at a tarball. With tarballs, every one of them is also an
 * override: the packages depend on each other with registry ranges (`^0.1.0`), which must not
 * reach the registry before anything is published.
 */
export function projectManifest(
  template: Manifest,
  options: { name: string; packageManager: PackageManager; ussdkit: UssdkitSource },
): Manifest {
  const { ussdkit } = options;
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
        return [name, `file:${tarball}`];
      }),
    );
  const manifest: Manifest = { ...template, name: options.name };
  if (template.dependencies) manifest.dependencies = point(template.dependencies);
  if (template.devDependencies) manifest.devDependencies = point(template.devDependencies);
  const overrides =
    ussdkit.kind === 'tarballs'
      ? Object.fromEntries([...ussdkit.tarballs].map(([name, path]) => [name, `file:${path}`]))
      : undefined;
  // pnpm 10 and npm 11 run no dependency's install script unless the project allows it; the one
  // the templates need is esbuild's (under tsx and vitest), which checks its platform binary.
  if (options.packageManager === 'pnpm') {
    manifest.pnpm = { ...(overrides && { overrides }), onlyBuiltDependencies: ['esbuild'] };
  } else {
    if (overrides) manifest.overrides = overrides;
    manifest.allowScripts = { esbuild: true };
  }
  return manifest;
}
