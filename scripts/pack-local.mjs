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

/**
 * Builds the packages whose dist/ is stale, then packs every publishable package into `folder`.
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
  const scratch = mkdtempSync(join(tmpdir(), 'ussdkit-pack-'));
  try {
    mkdirSync(folder, { recursive: true });
    return packPackages(scratch).map(({ name, tarball }) => {
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
  const packed = packLocal(folder);
  console.log(`\n${packed.length} packages packed into ${folder}:`);
  for (const { tarball } of packed) console.log(`  ${relative(process.cwd(), tarball) || tarball}`);
  console.log(
    '\nInstall them in your project with npm install <path to a .tgz> (docs/getting-started.md).',
  );
}
