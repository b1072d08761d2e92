// Every TypeScript block that claims to run compiles, in README.md, docs/**/*.md, packages/*/README.md
// and examples/*/README.md, and every @example of the TSDoc in packages/*/src parses
// (scripts/check-doc-blocks.mjs; the convention is in CONTRIBUTING.md, "Code blocks in docs").
// Any failure fails the test.
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkDocBlocks,
  checkTsdocExamples,
  docFiles,
  extractBlocks,
  extractTsdocExamples,
  root,
  tsdocFiles,
} from '../../scripts/check-doc-blocks.mjs';

const sample = join(import.meta.dirname, 'fixtures', 'sample.md');
const sampleTsdoc = join(import.meta.dirname, 'fixtures', 'sampleTsdoc.ts');

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

describe('check-doc-blocks, TSDoc examples', () => {
  const file = relative(root, sampleTsdoc);

  it('extracts each @example block with the file lines of its code', () => {
    const { examples } = extractTsdocExamples(sampleTsdoc);
    expect(examples.map((example) => [example.line, example.lang])).toEqual([
      [9, 'ts'],
      [20, 'ts'],
      [24, 'ts'],
      [29, 'ts'],
      [33, 'json'],
      [43, 'ts'],
      [53, 'ts'],
      [64, 'ts'],
      [78, 'json'],
    ]);
    expect(examples[0]?.lines).toEqual([
      { line: 9, text: "import { createApp } from '@ussdkit/router';" },
      { line: 10, text: 'const app = createApp(options);' },
    ]);
  });

  it('parses modules and fragments, and reports each broken block at its line', () => {
    const result = checkTsdocExamples([sampleTsdoc]);
    expect(result.examples).toBe(9);
    expect(result.failures).toEqual([
      {
        file,
        line: 43,
        message:
          'the @example parses as none of a module, an expression, object members or a catch clause: TS1109: Expression expected.',
      },
      { file, line: 54, message: 'an import below code: imports go at the top of an @example' },
      {
        file,
        line: 65,
        message: "a line of an @example without the comment's ` * ` margin (pasted into it?)",
      },
      { file, line: 74, message: 'an @example with no code block' },
      { file, line: 78, message: expect.stringMatching(/^the @example is not JSON: /) },
    ]);
  });

  it('parses every @example of packages/*/src, tests excluded', () => {
    const files = tsdocFiles().map((path) => relative(root, path));
    expect(files).toEqual(
      expect.arrayContaining(['packages/hono/src/ussdHono.ts', 'packages/router/src/createApp.ts']),
    );
    expect(files.filter((path) => /\.test(-d)?\.ts$/.test(path))).toEqual([]);
    const result = checkTsdocExamples();
    expect(result.examples).toBeGreaterThan(150);
    expect(result.failures).toEqual([]);
  });
});
