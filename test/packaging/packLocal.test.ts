// `pnpm pack:local` refuses a package whose dist/ lacks a file its package.json names (a build
// still running or failed): such a tarball installed without its types, which users saw as
// "Try `npm i --save-dev @types/ussdkit__testing`".
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { distFiles, IncompleteDistError, missingDistFiles } from '../../scripts/pack-local.mjs';

const manifest = {
  name: '@ussdkit/example',
  main: './dist/index.cjs',
  types: './dist/index.d.ts',
  exports: {
    '.': {
      '@ussdkit/source': './src/index.ts',
      import: { types: './dist/index.d.ts', default: './dist/index.js' },
      require: { types: './dist/index.d.cts', default: './dist/index.cjs' },
    },
    './package.json': './package.json',
  },
};

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A package folder whose dist/ holds `files`. */
function packageWith(files: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'ussdkit-pack-local-'));
  folders.push(dir);
  mkdirSync(join(dir, 'dist'));
  for (const file of files) writeFileSync(join(dir, file), '');
  return { name: manifest.name, dir, manifest };
}

describe('pack:local', () => {
  it('reads every dist/ file a package.json names, sources and package.json aside', () => {
    expect(distFiles(manifest)).toEqual([
      'dist/index.cjs',
      'dist/index.d.cts',
      'dist/index.d.ts',
      'dist/index.js',
    ]);
  });

  it('finds the types missing from a dist/ caught halfway through a build', () => {
    const halfBuilt = packageWith(['dist/index.js', 'dist/index.cjs']);
    expect(missingDistFiles(halfBuilt)).toEqual(['dist/index.d.cts', 'dist/index.d.ts']);
    const built = packageWith(distFiles(manifest));
    expect(missingDistFiles(built)).toEqual([]);
    // The same check reads a tarball's listing.
    const listed = new Set(['package.json', 'dist/index.js']);
    expect(missingDistFiles(built, (path: string) => listed.has(path))).toHaveLength(3);
  });

  it('says what is missing and what to do', () => {
    const error = new IncompleteDistError('@ussdkit/testing', 'dist/', ['dist/index.d.ts']);
    expect(error.message).toBe(
      '@ussdkit/testing: dist/ lacks 1 file its package.json names (dist/index.d.ts): a build is still running or failed. Wait for it or run `pnpm build`, then pack again.',
    );
  });
});
