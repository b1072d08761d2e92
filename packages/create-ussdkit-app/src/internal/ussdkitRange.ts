import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ownManifest, packageRoot } from './packageRoot';

/**
 * The version range a new project depends on for one `@ussdkit/*` package. The @ussdkit packages
 * the templates use are this package's devDependencies (`workspace:^`), which `pnpm pack` and
 * `pnpm publish` rewrite into the versions released with it (`^0.2.0`): the published scaffolder
 * thus names the versions it was tested with. Run from the workspace's sources, the range is
 * still `workspace:^`, and the sibling's package.json gives the version.
 */
export function ussdkitRange(name: string): string {
  const range = ownManifest().devDependencies[name];
  if (range === undefined) {
    throw new Error(`create-ussdkit-app does not list ${name} among its devDependencies`);
  }
  if (!range.startsWith('workspace:')) return range;
  const sibling = join(packageRoot, '..', name.replace('@ussdkit/', ''), 'package.json');
  const { version } = JSON.parse(readFileSync(sibling, 'utf8')) as { version: string };
  return `^${version}`;
}
