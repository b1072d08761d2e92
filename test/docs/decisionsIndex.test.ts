// Every decision record is listed in docs/decisions/README.md, and every link there names a record
// that exists: a reader who starts from the index sees them all.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../scripts/check-doc-blocks.mjs';

const folder = join(root, 'docs', 'decisions');
const records = readdirSync(folder)
  .filter((name) => /^\d{4}-.+\.md$/.test(name))
  .sort();
const index = readFileSync(join(folder, 'README.md'), 'utf8');
const linked = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((match) => match[1]);

describe('docs/decisions/README.md', () => {
  it('lists every decision record, in order', () => {
    expect(linked).toEqual(records);
  });

  it('gives each record the number its file name has', () => {
    for (const name of records) {
      expect(index).toContain(`[${name.slice(0, 4)}](${name})`);
    }
  });
});
