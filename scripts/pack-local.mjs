#!/usr/bin/env node
// `pnpm pack:local [folder]`: builds every package and packs each publishable one into `folder`
// (default: tarballs/ in the repository, git-ignored), named without its version
// (`ussdkit-router.tgz`), so that the install commands of docs/getting-started.md stay the same
// from one version to the next. Until @ussdkit/* is on npm, this is how a project outside the
// repository installs ussdkit. A package whose dist/ is missing or older than its sources is
// built first: a tarball of a stale dist/ would install yesterday's code.
//
//   node scripts/pack-local.mjs [folder]
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packPackages, publishablePackages, root } from './release-check.mjs';

/** `@ussdkit/router` -> `ussdkit-router.tgz`. */
export function localTarballName(name) {
  return `${name.replace(/^@/, '').replace('/', '-')}.tgz`;
}

/** Modification times (ms) of every file under `path` (or of `path` itself). */
function mtimes(path) {
  if (!existsSync(path)) return [];
  const stat = statSync(path);
  if (!stat.isDirectory()) return [stat.mtimeMs];
  return readdirSync(path).flatMap((name) => mtimes(join(path, name)));
}

/** Whether a package's dist/ is missing or older than anything it is built from. */
export function isStale(dir) {
  const built = mtimes(join(dir, 'dist'));
  if (built.length === 0) return true;
  const sources = ['src', 'package.json', 'tsup.config.ts'].flatMap((name) =>
    mtimes(join(dir, name)),
  );
  return Math.max(...sources) > Math.min(...built);
}

/** Every `./dist/…` path a package.json names: `main`, `module`, `types`, each export's files. */
export function distFiles(manifest) {
  const paths = new Set();
  const visit = (value) => {
    if (typeof value === 'string') {
      if (value.startsWith('./dist/') || value.startsWith('dist/'))
        paths.add(value.replace(/^\.\//, ''));
    } else if (value !== null && typeof value === 'object') {
      for (const inner of Object.values(value)) visit(inner);
    }
  };
  visit([manifest.main, manifest.module, manifest.types, manifest.exports]);
  return [...paths].sort();
}

/** The files of `pkg.manifest` that its dist/ (or its tarball's list of files) lacks. */
export function missingDistFiles(pkg, present = (path) => existsSync(join(pkg.dir, path))) {
  return distFiles(pkg.manifest).filter((path) => !present(path));
}

/** Thrown when a package's dist/ or tarball is incomplete: it names the files and the fix. */
export class IncompleteDistError extends Error {
  constructor(name, where, missing) {
    super(
      `${name}: ${where} lacks ${missing.length} file${missing.length === 1 ? '' : 's'} its package.json names (${missing.slice(0, 4).join(', ')}${missing.length > 4 ? ', …' : ''}): a build is still running or failed. Wait for it or run \`pnpm build\`, then pack again.`,
    );
    this.name = 'IncompleteDistError';
  }
}

/** The paths inside a tarball, without npm's `package/` prefix. */
function tarballFiles(tarball) {
  const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' });
  return new Set(listing.split('\n').map((line) => line.replace(/^package\//, '')));
}

/**
 * Builds the packages whose dist/ is stale, then packs every publishable package into `folder`.
 * Throws {@link IncompleteDistError} when a dist/ or a tarball lacks a file its package.json
 * names, before anything in `folder` is replaced.
 *
 * @returns {{ name: string, tarball: string }[]}
 */
export function packLocal(folder = join(root, 'tarballs'), { quiet = false } = {}) {
  const stale = publishablePackages().filter((pkg) => isStale(pkg.dir));
  if (stale.length > 0) {
    const filters = stale.flatMap((pkg) => ['--filter', pkg.name]);
    execFileSync('pnpm', [...filters, 'build'], {
      cwd: root,
      stdio: quiet ? 'ignore' : 'inherit',
    });
  }
  const packages = publishablePackages();
  for (const pkg of packages) {
    const missing = missingDistFiles(pkg);
    if (missing.length > 0) throw new IncompleteDistError(pkg.name, 'dist/', missing);
  }
  const scratch = mkdtempSync(join(tmpdir(), 'ussdkit-pack-'));
  try {
    const packed = packPackages(scratch, packages);
    // A dist/ rebuilt while it was packed (tsup empties it first) gives a tarball without types.
    for (const { name, tarball } of packed) {
      const files = tarballFiles(tarball);
      const pkg = packages.find((candidate) => candidate.name === name);
      const missing = missingDistFiles(pkg, (path) => files.has(path));
      if (missing.length > 0) throw new IncompleteDistError(name, 'its tarball', missing);
    }
    mkdirSync(folder, { recursive: true });
    return packed.map(({ name, tarball }) => {
      const target = join(folder, localTarballName(name));
      rmSync(target, { force: true });
      renameSync(tarball, target);
      return { name, tarball: target };
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folder = resolve(process.argv[2] ?? join(root, 'tarballs'));
  let packed;
  try {
    packed = packLocal(folder);
  } catch (error) {
    if (!(error instanceof IncompleteDistError)) throw error;
    console.error(`pack:local: ${error.message}\nNothing in ${folder} was replaced.`);
    process.exit(1);
  }
  console.log(`\n${packed.length} packages packed into ${folder}:`);
  for (const { tarball } of packed) {
    const near = relative(process.cwd(), tarball);
    console.log(`  ${near.startsWith('..') ? tarball : near}`);
  }
  console.log(`
Use them (docs/getting-started.md):
  a new project:      npx --yes --package=${join(folder, 'create-ussdkit-app.tgz')} create-ussdkit-app my-app --from ${folder}
  an existing one:    npm install ${join(folder, 'ussdkit-router.tgz')} ...
A project made with --from (npm) picks this pack up at its next npm install; in any other, name
the tarballs again (npm install <tarball>): npm reads a file: tarball again only when named.`);
}
