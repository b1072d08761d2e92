// What a user outside the workspace gets. One file, so its steps run in order: the first block of
// docs/getting-started.md ("2. Install": `pnpm pack:local`, run in the clone as written) builds
// what is stale and packs every package into tarballs/; then the packed packages are installed
// and run from ESM and CommonJS, the getting-started guide is followed as written, the public
// types are checked on each TypeScript major, and create-ussdkit-app's templates are created,
// installed and tested.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { localTarballName } from '../../scripts/pack-local.mjs';
import { publishablePackages, root } from '../../scripts/release-check.mjs';
import { consumerSuite } from './consumer.suite';
import { createAppSuite } from './createApp.suite';
import { gettingStartedSuite } from './gettingStarted.suite';
import { installBlocks } from './support/gettingStartedGuide';
import { typeMatrixSuite } from './typeMatrix.suite';

let tarballs: { name: string; tarball: string }[] = [];
let packOutput = '';

beforeAll(() => {
  packOutput = execFileSync('bash', ['-euo', 'pipefail', '-c', installBlocks().inClone], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 600_000,
  });
  tarballs = publishablePackages().map(({ name }) => ({
    name,
    tarball: join(root, 'tarballs', localTarballName(name)),
  }));
  for (const { tarball } of tarballs) {
    if (!existsSync(tarball)) throw new Error(`pnpm pack:local did not write ${tarball}`);
  }
}, 600_000);

it('pnpm pack:local prints where it wrote, and how a project takes the pack', () => {
  const folder = join(root, 'tarballs');
  expect(packOutput).toContain(`packages packed into ${folder}:`);
  expect(packOutput).toContain(`create-ussdkit-app my-app --from ${folder}`);
  expect(packOutput).toContain('picks this pack up at its next npm install');
});

/**
 * `USSDKIT_PACKAGING=focused`: the run on another Node than the floor (scripts/node-matrix.mjs,
 * Node 22 and 24 in CI): what a user installs and runs, on that Node. The rest does not depend
 * on the Node that runs it.
 */
const focused = process.env.USSDKIT_PACKAGING === 'focused';
const expectedNode = process.env.USSDKIT_EXPECT_NODE;

if (expectedNode !== undefined) {
  it(`runs on Node ${expectedNode}, it and every program it starts`, () => {
    expect(process.versions.node.split('.')[0]).toBe(expectedNode);
    const child = execFileSync('node', ['-p', 'process.versions.node'], { encoding: 'utf8' });
    expect(child.trim().split('.')[0]).toBe(expectedNode);
  });
}

if (focused) {
  consumerSuite(() => tarballs, { lint: false });
  createAppSuite(() => tarballs, ['workers']);
} else {
  consumerSuite(() => tarballs);
  gettingStartedSuite();
  typeMatrixSuite(() => tarballs);
  createAppSuite(() => tarballs);
}
