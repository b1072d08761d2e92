// docs/fidelity.md names, for every rule of the spec, the tests that check it (`file › name`,
// further names of the same file as `› name`). Each named test must exist, so the page cannot
// claim a check that was renamed or removed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const page = readFileSync(join(root, 'docs', 'fidelity.md'), 'utf8');

/** Every `file › name` of the page's tables, with the line it is on. */
function namedTests(): { line: number; file: string; name: string }[] {
  const found: { line: number; file: string; name: string }[] = [];
  page.split('\n').forEach((text, index) => {
    if (!text.startsWith('|')) return;
    let file: string | undefined;
    for (const part of text.split(/;\s*|\s\|\s/)) {
      const named = /`([\w./-]+\.test\.ts)`\s*›\s*(.+)$/.exec(part.trim());
      const more = /^›\s*(.+)$/.exec(part.trim());
      if (named) file = named[1];
      const name = (named?.[2] ?? more?.[1])?.trim();
      if (file !== undefined && name !== undefined) found.push({ line: index + 1, file, name });
    }
  });
  return found;
}

describe('docs/fidelity.md', () => {
  const tests = namedTests();

  it('names the tests of every section', () => {
    expect(tests.length).toBeGreaterThan(60);
    for (const section of ['## Resources', '## States', '## Endpoints', '## Errors', '## Limits']) {
      expect(page).toContain(section);
    }
  });

  it('names only tests that exist', () => {
    const missing = tests.filter(({ file, name }) => {
      const path = join(root, file);
      return !existsSync(path) || !readFileSync(path, 'utf8').includes(name);
    });
    expect(
      missing.map(({ line, file, name }) => `docs/fidelity.md:${line}: ${file} › ${name}`),
    ).toEqual([]);
  });
});
