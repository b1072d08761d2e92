#!/usr/bin/env node
// `pnpm release` / `pnpm release:check`: a dry run of a release. Builds every package, packs
// every publishable one with `pnpm pack` into a temporary folder, then lints each tarball with
// publint (warnings count as errors) and @arethetypeswrong/cli (profile node16: the published
// entry points must resolve with types from ESM, CJS and bundlers). Publishes nothing.
//
//   node scripts/release-check.mjs [--skip-build] [--keep] [--out <dir>]
//
// The functions are exported for the packaging test (test/packaging/).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The workspace packages that are published: every `packages/*` whose package.json is not
 * `private`.
 *
 * @returns {{ name: string, version: string, dir: string, manifest: Record<string, unknown> }[]}
 */
export function publishablePackages() {
  const folder = join(root, 'packages');
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(folder, entry.name, 'package.json')))
    .map((entry) => {
      const dir = join(folder, entry.name);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      return { name: manifest.name, version: manifest.version, dir, manifest };
    })
    .filter((pkg) => pkg.manifest.private !== true)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The file name `pnpm pack` gives a package's tarball: `@ussdkit/router@0.1.0` -> `ussdkit-router-0.1.0.tgz`. */
export function tarballName(pkg) {
  return `${pkg.name.replace(/^@/, '').replace('/', '-')}-${pkg.version}.tgz`;
}

/**
 * Packs every publishable package into `destination` with `pnpm pack` (which rewrites
 * `workspace:^` ranges into real versions, as `pnpm publish` does).
 *
 * @returns {{ name: string, tarball: string }[]}
 */
export function packPackages(destination, packages = publishablePackages()) {
  mkdirSync(destination, { recursive: true });
  return packages.map((pkg) => {
    execFileSync('pnpm', ['pack', '--pack-destination', destination], {
      cwd: pkg.dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const tarball = join(destination, tarballName(pkg));
    if (!existsSync(tarball)) throw new Error(`pnpm pack did not write ${tarball}`);
    return { name: pkg.name, tarball };
  });
}

function bin(name) {
  return join(root, 'node_modules', '.bin', name);
}

/**
 * Runs publint and attw on one tarball.
 *
 * @returns {{ problems: string[], output: string }} `problems` names the tools that failed (empty
 *   when the tarball is clean); `output` is what they printed (also written to the console unless
 *   `quiet`).
 */
export function lintTarball(tarball, { quiet = false } = {}) {
  const problems = [];
  let output = '';
  const run = (tool, args) => {
    const result = spawnSync(bin(tool), args, { encoding: 'utf8' });
    output += `${result.stdout}${result.stderr}`;
    if (!quiet) {
      process.stdout.write(result.stdout);
      process.stderr.write(result.stderr);
    }
    if (result.status !== 0) problems.push(tool);
  };
  run('publint', ['run', tarball, '--strict']);
  run('attw', [
    tarball,
    '--profile',
    'node16',
    '--format',
    'table-flipped',
    '--no-color',
    '--no-emoji',
  ]);
  return { problems, output };
}

function main(argv) {
  const skipBuild = argv.includes('--skip-build');
  const keep = argv.includes('--keep');
  const outIndex = argv.indexOf('--out');
  const out =
    outIndex >= 0 && argv[outIndex + 1]
      ? resolve(argv[outIndex + 1])
      : mkdtempSync(join(tmpdir(), 'ussdkit-release-'));

  if (!skipBuild) {
    console.log('\n=== pnpm build');
    execFileSync('pnpm', ['build'], { cwd: root, stdio: 'inherit' });
  }
  console.log(`\n=== pnpm pack -> ${out}`);
  const packed = packPackages(out);
  const failed = [];
  for (const { name, tarball } of packed) {
    console.log(`\n=== ${name}`);
    const { problems } = lintTarball(tarball);
    if (problems.length > 0) failed.push(`${name} (${problems.join(', ')})`);
  }
  if (!keep && outIndex < 0) rmSync(out, { recursive: true, force: true });
  console.log('');
  if (failed.length > 0) {
    console.error(`release check failed: ${failed.join('; ')}`);
    return 1;
  }
  console.log(
    `release check passed: ${packed.length} packages packed, publint and attw clean. Nothing was published.`,
  );
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
