// Written by create-ussdkit-app --from, run by npm after each install (`postinstall`). npm
// installs a `file:` tarball once and never reads it again (npm/cli#1550), so a new
// `pnpm pack:local` would go unseen: this re-installs each @ussdkit tarball whose content no
// longer matches the integrity package-lock.json recorded. Delete it and the `postinstall` script
// once the project depends on @ussdkit from the npm registry.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const lockfile = 'package-lock.json';
const lock = existsSync(lockfile) ? JSON.parse(readFileSync(lockfile, 'utf8')) : { packages: {} };
const stale = Object.entries(lock.packages ?? {}).filter(([path, entry]) => {
  const file = path.startsWith('node_modules/@ussdkit/') ? entry.resolved : undefined;
  if (typeof file !== 'string' || !file.startsWith('file:') || !existsSync(file.slice(5))) {
    return false;
  }
  const digest = createHash('sha512')
    .update(readFileSync(file.slice(5)))
    .digest('base64');
  return `sha512-${digest}` !== entry.integrity;
});
if (stale.length > 0) {
  const names = stale.map(([path]) => path.slice('node_modules/'.length));
  console.log(`ussdkit: packed again since the last install, re-installing: ${names.join(', ')}`);
  // Forgotten, they are read again from their tarballs by the install below.
  for (const [path] of stale) {
    delete lock.packages[path];
    rmSync(path, { recursive: true, force: true });
  }
  writeFileSync(lockfile, `${JSON.stringify(lock, null, 2)}\n`);
  const npm = process.env.npm_execpath;
  execFileSync(
    npm ? process.execPath : 'npm',
    [...(npm ? [npm] : []), 'install', '--no-audit', '--no-fund'],
    {
      stdio: 'inherit',
    },
  );
}
