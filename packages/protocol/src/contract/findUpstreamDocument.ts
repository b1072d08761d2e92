import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** File name of the upstream OpenAPI document of the app endpoints. */
export const UPSTREAM_DOCUMENT_FILE = 'ussd-app-api-1.6.4.json';

/**
 * Finds `shared/contracts/ussd-app-api-1.6.4.json` by walking up from `start` (the workspace
 * keeps `shared/` beside the repository) and returns its parsed content.
 *
 * @throws Error naming the folders searched when it is not found.
 */
export function readUpstreamDocument(start: string = process.cwd()): object {
  const searched: string[] = [];
  let dir = resolve(start);
  for (;;) {
    const candidate = join(dir, 'shared', 'contracts', UPSTREAM_DOCUMENT_FILE);
    searched.push(candidate);
    if (existsSync(candidate)) return JSON.parse(readFileSync(candidate, 'utf8')) as object;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error(`upstream OpenAPI document not found; looked at:\n${searched.join('\n')}`);
}
