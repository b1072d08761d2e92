import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../UsageError';

// `ussdkit-router.tgz` (pnpm pack:local) or `ussdkit-router-0.1.0.tgz` (pnpm pack).
const tarballPattern = /^ussdkit-([a-z][a-z-]*?)(-\d+\.\d+\.\d+[^/]*)?\.tgz$/;

/**
 * The `@ussdkit/*` tarballs in `folder`, by package name, as absolute paths. Throws
 * {@link UsageError} when the folder does not exist or holds none.
 */
export function findTarballs(folder: string): Map<string, string> {
  const absolute = resolve(folder);
  if (!existsSync(absolute) || !statSync(absolute).isDirectory()) {
    throw new UsageError(
      `--from ${folder}: no such folder. Pack the packages into one with \`pnpm pack:local\` in a clone of ussdkit (it writes tarballs/).`,
    );
  }
  const found = new Map<string, string>();
  for (const file of readdirSync(absolute).sort()) {
    const [, name, version] = tarballPattern.exec(file) ?? [];
    if (name === undefined) continue;
    // pack:local's version-less name wins over a versioned tarball of the same package.
    if (version === undefined || !found.has(`@ussdkit/${name}`)) {
      found.set(`@ussdkit/${name}`, join(absolute, file));
    }
  }
  if (found.size === 0) {
    throw new UsageError(
      `--from ${folder} holds no @ussdkit tarball (ussdkit-router.tgz, ...). Pack them with \`pnpm pack:local\`.`,
    );
  }
  return found;
}
