import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Template } from '../templates';
import { packageRoot } from './packageRoot';

/** `20.19.0` -> `[20, 19, 0]`; a missing part is 0. */
const parts = (version: string) =>
  version
    .replace(/^v/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);

/** Whether `version` is `minimum` or later. */
function atLeast(version: string, minimum: string): boolean {
  const [have, need] = [parts(version), parts(minimum)];
  for (let index = 0; index < 3; index++) {
    const difference = (have[index] ?? 0) - (need[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
}

/**
 * What to tell a user whose Node is older than a template's tools need (its package.json's
 * `engines.node`, written `>=X.Y.Z`), said before anything is installed so that the first
 * failure is not a tool's own; `undefined` when this Node will do.
 */
export function nodeShortfall(template: Template, version: string): string | undefined {
  const manifest = JSON.parse(
    readFileSync(join(packageRoot, 'templates', template, 'package.json'), 'utf8'),
  ) as { engines?: { node?: string } };
  const minimum = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(manifest.engines?.node ?? '')?.[1];
  if (minimum === undefined || atLeast(version, minimum)) return undefined;
  return `The ${template} template's tools need Node ${minimum} or later, and this is Node ${version.replace(/^v/, '')}: install Node 22 or 24 (LTS) before \`npm install\`, or its scripts will fail.`;
}
