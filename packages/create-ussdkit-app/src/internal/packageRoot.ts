import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The fields of this package's own package.json that the generator reads. */
export interface OwnManifest {
  readonly version: string;
  readonly devDependencies: Readonly<Record<string, string>>;
}

/**
 * The folder of create-ussdkit-app's package.json: found upwards, since this module runs from
 * `src/internal/` in the workspace and from one bundled file in `dist/` once published.
 */
export const packageRoot: string = (() => {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json')) || !existsSync(join(folder, 'templates'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error('create-ussdkit-app: its templates/ folder is missing');
    folder = parent;
  }
  return folder;
})();

/** create-ussdkit-app's own package.json. */
export function ownManifest(): OwnManifest {
  return JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as OwnManifest;
}
