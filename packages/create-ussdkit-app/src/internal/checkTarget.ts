import { existsSync, readdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { TargetNotEmptyError } from '../TargetNotEmptyError';
import { UsageError } from '../UsageError';

/**
 * Throws unless `directory` is missing or empty: a project is never merged into files that are
 * there already. Returns its absolute path.
 */
export function checkTarget(directory: string): string {
  const absolute = resolve(directory);
  if (!existsSync(absolute)) return absolute;
  if (!statSync(absolute).isDirectory()) {
    throw new UsageError(`${absolute} is a file. Choose a new directory name.`);
  }
  const entries = readdirSync(absolute);
  if (entries.length > 0) throw new TargetNotEmptyError(absolute, entries.slice(0, 3));
  return absolute;
}
