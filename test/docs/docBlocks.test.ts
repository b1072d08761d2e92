// Every TypeScript block that claims to run compiles, in README.md, docs/**/*.md, packages/*/README.md
// and examples/*/README.md (scripts/check-doc-blocks.mjs; the convention is in CONTRIBUTING.md,
// "Code blocks in docs"). Any failure fails the test.
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDocBlocks, docFiles, extractBlocks, root } from '../../scripts/check-doc-blocks.mjs';

const sample = join(import.meta.dirname, 'fixtures', 'sample.md');

describe('check-doc-blocks', () => {
  it('extracts ts blocks, skipping `ts nocheck`, partial blocks and other languages', () => {
    const blocks = extractBlocks(sample);
    expect(blocks.map((b) => [b.line, b.partial])).toEqual([
      [6, false],
      [14, false],
      [28, true],
    ]);
  });

  it('reports a type error at its line in the markdown file', () => {
    const result = checkDocBlocks([sample]);
    expect(result.blocks).toBe(2);
    expect(result.partial).toEqual([{ file: relative(root, sample), line: 28 }]);
    expect(result.failures).toEqual([
      expect.objectContaining({ file: relative(root, sample), line: 16 }),
    ]);
    expect(result.failures[0]?.message).toMatch(
      /^TS2322: Type 'string' is not assignable to type 'number'/,
    );
  });

  it('compiles every block of README.md, docs/ and the package and example READMEs', () => {
    const files = docFiles().map((file) => relative(root, file));
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'docs/scaling.md',
        'packages/client/README.md',
        'packages/testing/README.md',
        'examples/airtime-shop/README.md',
      ]),
    );
    expect(files.filter((file) => file.startsWith('docs/api/'))).toEqual([]);
    const result = checkDocBlocks();
    expect(result.blocks).toBeGreaterThan(10);
    expect(result.failures).toEqual([]);
  });
});
