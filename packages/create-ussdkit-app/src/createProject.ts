import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { checkTarget } from './internal/checkTarget';
import { copyTemplate } from './internal/copyTemplate';
import { findTarballs } from './internal/findTarballs';
import { fromTarballs } from './internal/fromTarballs';
import { packageManagerWords } from './internal/packageManagerWords';
import { packageRoot } from './internal/packageRoot';
import { type Manifest, projectManifest, type UssdkitSource } from './internal/projectManifest';
import { ussdkitRange } from './internal/ussdkitRange';
import { isTemplate, type PackageManager, type Template, templates } from './templates';
import { UsageError } from './UsageError';

/** Options of {@link createProject}. */
export interface CreateProjectOptions {
  /** Where to create the project: a new or empty directory, relative to the working directory. */
  readonly directory: string;
  readonly template: Template;
  /** Whose commands the README and the Dockerfile use. @defaultValue `"npm"` */
  readonly packageManager?: PackageManager;
  /**
   * A folder of packed `@ussdkit/*` tarballs (`pnpm pack:local` writes `tarballs/`): the project
   * depends on them by `file:` path (relative, as `npm install <tarball>` writes one) instead of
   * on the registry; with npm, a `postinstall` script re-installs the tarballs packed again
   * since the last install, and the Dockerfile takes them from a named build context.
   * @defaultValue the registry, at the versions released with this package
   */
  readonly from?: string;
}

/** What {@link createProject} wrote. */
export interface CreatedProject {
  /** The project's absolute path. */
  readonly directory: string;
  /** Its package.json `name`, made from the directory's name. */
  readonly packageName: string;
  /** The files written, relative to `directory`, sorted. */
  readonly files: readonly string[];
}

/**
 * Writes a new ussdkit project from a template: the app in `src/`, its tests, `dev`, `test` and
 * `start` scripts, a Dockerfile or `wrangler.toml`, a `.gitignore` and a README. Installs
 * nothing. Throws {@link TargetNotEmptyError} when the directory holds files and
 * {@link UsageError} for an unknown template or a `from` folder without the tarballs needed.
 *
 * @example
 * ```ts
 * const project = await createProject({ directory: 'my-app', template: 'hono' });
 * console.log(project.files); // ['.gitignore', 'Dockerfile', 'README.md', ...]
 * ```
 */
export async function createProject(options: CreateProjectOptions): Promise<CreatedProject> {
  if (!isTemplate(options.template)) {
    throw new UsageError(`Unknown template "${options.template}": use ${templates.join(', ')}.`);
  }
  const directory = checkTarget(options.directory);
  const packageManager = options.packageManager ?? 'npm';
  const ussdkit: UssdkitSource =
    options.from === undefined
      ? { kind: 'registry', range: ussdkitRange }
      : { kind: 'tarballs', tarballs: findTarballs(options.from) };
  const source = join(packageRoot, 'templates', options.template);
  const packageName = packageNameOf(directory);
  // Built first: a missing tarball is refused before anything is written.
  const manifest = projectManifest(
    JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as Manifest,
    { name: packageName, directory, packageManager, ussdkit },
  );
  const files = copyTemplate(source, directory, {
    name: packageName,
    ...packageManagerWords(packageManager),
  });
  writeFileSync(join(directory, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  if (options.from !== undefined) {
    const folder = resolve(options.from);
    files.push(...fromTarballs({ directory, folder, name: packageName, packageManager }));
  }
  return { directory, packageName, files: files.sort() };
}

/** `~/src/My App` -> `my-app`: what npm accepts as a package name. */
function packageNameOf(directory: string): string {
  const name = basename(directory)
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/^[._-]+|-+$/g, '');
  return name === '' ? 'ussdkit-app' : name;
}
