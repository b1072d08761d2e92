#!/usr/bin/env node
// `node scripts/node-matrix.mjs 22 24`: the packaging checks on other Node versions than the one
// running CI (the floor, which runs the whole suite). For each major, Node is installed from the
// npm registry (the `node` package, which brings the official binary) into
// node_modules/.cache/ussdkit-node/<major>, put first on PATH, and the workspace's packaging test
// runs in its focused form (USSDKIT_PACKAGING=focused: the packed packages installed and run
// from ESM and CommonJS, and the workers template installed, tested and started): what differs
// from one Node to the next is what a user installs and runs, not the sources. Exits with the
// first failure's code. docs/decisions/0039-supported-node-versions.md says why these versions.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { root } from './release-check.mjs';

/** Installs Node `major` (the newest of that major on the registry) once; its bin folder. */
export function installNode(major) {
  const prefix = join(root, 'node_modules', '.cache', 'ussdkit-node', String(major));
  const bin = join(prefix, 'node_modules', '.bin');
  if (!existsSync(join(bin, 'node'))) {
    mkdirSync(prefix, { recursive: true });
    writeFileSync(join(prefix, 'package.json'), '{ "private": true }\n');
    execFileSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--no-save', '--prefer-offline', `node@${major}`],
      { cwd: prefix, stdio: ['ignore', 'inherit', 'inherit'] },
    );
  }
  return bin;
}

const majors = process.argv.slice(2);
if (majors.length === 0 || majors.some((major) => !/^\d+$/.test(major))) {
  console.error('usage: node scripts/node-matrix.mjs <major>... (e.g. 22 24)');
  process.exit(2);
}
for (const major of majors) {
  const bin = installNode(major);
  const env = {
    ...process.env,
    PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`,
    USSDKIT_PACKAGING: 'focused',
    USSDKIT_EXPECT_NODE: major,
  };
  const version = execFileSync('node', ['--version'], { env, encoding: 'utf8' }).trim();
  console.log(`\n=== Node ${version}: the packaging checks (focused)`);
  const args = ['vitest', 'run', '--project', 'workspace', 'test/packaging/packaging.test.ts'];
  const result = spawnSync('pnpm', args, { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`the packaging checks failed on Node ${version}`);
    process.exit(result.status ?? 1);
  }
}
