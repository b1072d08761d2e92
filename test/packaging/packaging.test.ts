// What a user outside the workspace gets. One file, so its steps run in order: the first block of
// docs/getting-started.md ("2. Install": `pnpm pack:local`, run in the clone as written) builds
// what is stale and packs every package into tarballs/; then the packed packages are installed
// and run from ESM and CommonJS, the getting-started guide is followed as written, the public
// types are checked on each TypeScript major, and create-ussdkit-app's templates are created,
// installed and tested.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll } from 'vitest';
import { localTarballName } from '../../scripts/pack-local.mjs';
import { publishablePackages, root } from '../../scripts/release-check.mjs';
import { consumerSuite } from './consumer.suite';
import { createAppSuite } from './createApp.suite';
import { gettingStartedSuite } from './gettingStarted.suite';
import { installBlocks } from './support/gettingStartedGuide';
import { typeMatrixSuite } from './typeMatrix.suite';

let tarballs: { name: string; tarball: string }[] = [];

beforeAll(() => {
  execFileSync('bash', ['-euo', 'pipefail', '-c', installBlocks().inClone], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
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

consumerSuite(() => tarballs);
gettingStartedSuite();
typeMatrixSuite(() => tarballs);
createAppSuite(() => tarballs);
