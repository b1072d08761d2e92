import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../../../scripts/release-check.mjs';

const guide = readFileSync(join(root, 'docs', 'getting-started.md'), 'utf8');

/** The body of one section of the guide, from its `## <n>.` heading to the next one. */
function section(number: number): string {
  const start = guide.indexOf(`\n## ${number}. `);
  if (start < 0) throw new Error(`docs/getting-started.md has no section ${number}`);
  const end = guide.indexOf('\n## ', start + 1);
  return guide.slice(start, end < 0 ? undefined : end);
}

/**
 * The `sh` blocks of the guide's "2. Install", in order: the first runs in the clone of ussdkit,
 * the second makes the user's project. Tests run them exactly as written.
 */
export function installBlocks(): { inClone: string; newProject: string } {
  const blocks = [...section(2).matchAll(/```sh\n([\s\S]*?)\n```/g)].map((match) => match[1]);
  const [inClone, newProject] = blocks;
  if (blocks.length !== 2 || inClone === undefined || newProject === undefined) {
    throw new Error(`"2. Install" must hold two sh blocks, it holds ${blocks.length}`);
  }
  return { inClone, newProject };
}

/**
 * The files the guide asks the reader to save, by where they go in the project
 * (`src/firstApp.ts`), with what each block quotes (`examples/…/firstApp.ts`, which the block
 * equals; the docs test checks that).
 */
export function guideFiles(): { to: string; from: string }[] {
  return [...guide.matchAll(/`(src\/[\w.]+\.ts)`:?\n+```ts\n\/\/ (examples\/\S+\.ts):/g)].map(
    (match) => ({ to: match[1] ?? '', from: match[2] ?? '' }),
  );
}
