// The repository needs nothing beside it: no file points outside the clone (the founding design
// documents a session once kept in a sibling folder), and every relative link of the docs
// reaches a file of the repository. CI also runs the whole suite from a copy in a fresh folder
// (.ci/run), so a test that reads from beside the clone fails there too.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');

/**
 * The repository's files, as a clone has them: a walk that skips what .gitignore names (its
 * `folder/`, `*.ext` and plain-name lines, which is all it holds) and .git. No git command: CI
 * runs the suite from a copy that is not a git checkout.
 */
function repositoryFiles(): string[] {
  const ignored = readFileSync(join(root, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const skip = (path: string, name: string, folder: boolean) =>
    name === '.git' ||
    ignored.some((rule) =>
      rule.endsWith('/')
        ? folder && (rule.slice(0, -1) === name || rule.slice(0, -1) === path)
        : rule.startsWith('*.')
          ? name.endsWith(rule.slice(1))
          : rule === name,
    );
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (skip(path, entry.name, entry.isDirectory())) return [];
      return entry.isDirectory() ? walk(path) : [path];
    });
  return walk('');
}

const files = repositoryFiles();

/** Copies of outside documents, which may name where they came from, and the CI guard. */
const copies = /^(docs\/reference\/|packages\/protocol\/upstream\/|\.ci\/run$)|CHANGELOG\.md$/;
const text = /\.(ts|mts|cts|js|mjs|cjs|json|md|ya?ml|sh|html|css)$|^\.ci\/run$/;

describe('a clone with nothing beside it', () => {
  it('no file points at documents outside the repository', () => {
    const outside = /\bDESIGN\.md\b|\bSTYLE\.md\b|shared\/(contracts|reference)\b|\.\.\/shared\b/;
    const found = files
      .filter(
        (file) =>
          text.test(file) && !copies.test(file) && file !== relative(root, import.meta.filename),
      )
      .flatMap((file) =>
        readFileSync(join(root, file), 'utf8')
          .split('\n')
          .map((line, index) => ({ line, at: `${file}:${index + 1}` }))
          .filter(({ line }) => outside.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(found).toEqual([]);
  });

  it('every relative link in the markdown files reaches a file of the repository', () => {
    const broken: string[] = [];
    for (const file of files.filter(
      (name) => name.endsWith('.md') && !name.startsWith('docs/api/'),
    )) {
      const source = readFileSync(join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const match of source.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1] ?? '';
        if (/^([a-z]+:|#)/i.test(target)) continue;
        const path = decodeURIComponent(target.split('#')[0] ?? '');
        const resolved = resolve(root, dirname(file), path);
        if (!resolved.startsWith(root) || !existsSync(resolved)) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('the upstream OpenAPI document and the spec are in the repository', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'packages/protocol/upstream/ussd-app-api-1.6.4.json',
        'docs/reference/spec.md',
        'docs/reference/upstream-facts.md',
      ]),
    );
  });
});
