import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const guide = readFileSync(`${root}docs/getting-started.md`, 'utf8');

/** The TypeScript blocks of the guide: each opens with a comment naming its file. */
const blocks = [...guide.matchAll(/```ts\n([\s\S]*?)\n```/g)].map((match) => match[1] ?? '');

it('quotes every TypeScript block of docs/getting-started.md from a real, tested file', () => {
  expect(blocks.length).toBeGreaterThanOrEqual(4);
  for (const block of blocks) {
    const path = /^\/\/ (examples\/\S+\.ts):/.exec(block)?.[1];
    expect(path, `a block must open with "// examples/<file>.ts:"\n${block}`).toBeDefined();
    expect(readFileSync(`${root}${path}`, 'utf8').trimEnd()).toBe(block);
  }
});
