#!/usr/bin/env node
// `pnpm docs:blocks`: every TypeScript code block in README.md, docs/**/*.md, packages/*/README.md
// and examples/*/README.md that claims to run is written to its own module under
// node_modules/.cache/ussdkit-doc-blocks/ and type-checked with tsc against the packages' sources
// (the `@ussdkit/source` condition, as the tests do).
//
// The convention (CONTRIBUTING.md, "Code blocks in docs"):
//   ```ts / ```typescript   compiled: a complete module with its own imports
//   ```ts nocheck           shown, not compiled (a fragment, a signature, pseudo-code)
//   obviously partial       not compiled either: the first code line is an object member
//                           (`amount: input({`), or starts with `.`, `}`, `)`, `]`, `...` or `…`
//   a quoted file           a block whose first line is `// <path in the repo>.ts: ...` quotes
//                           that file: the file itself is compiled in place (its relative
//                           imports work), and the block must equal the file
// Any other language (sh, json, text, mermaid) is never compiled.
//
// The `@example` blocks of the TSDoc in packages/*/src/**/*.ts (not tests) are parsed, not
// compiled: most are fragments. A ```ts block must parse (TypeScript's parser, no type check) as
// a module, an expression, object members (`next: 'confirm',`) or a catch clause
// (`catch (error) { … }`); its imports must come before its code; every line must carry the
// comment's ` * ` margin (a line without it was pasted into the comment); a ```json block must be
// JSON. An `@example` must have a code block.
//
//   node scripts/check-doc-blocks.mjs [--json] [files...]   (.md files are compiled, .ts parsed)
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = join(root, 'node_modules', '.cache', 'ussdkit-doc-blocks');

/**
 * README.md, every markdown file under docs/ (docs/api/, the generated site, excluded) and the
 * README.md of every package and example (`packages/<name>/README.md`, `examples/<name>/README.md`).
 */
export function docFiles() {
  const found = [join(root, 'README.md')];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && path !== join(root, 'docs', 'api')) walk(path);
      else if (entry.isFile() && entry.name.endsWith('.md')) found.push(path);
    }
  };
  walk(join(root, 'docs'));
  for (const parent of ['packages', 'examples']) {
    const dir = join(root, parent);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      if (entry.isDirectory()) found.push(join(dir, entry.name, 'README.md'));
    }
  }
  return found.filter(existsSync);
}

/** Whether a block is a fragment of a larger piece of code (see the convention above). */
export function isPartial(code) {
  const first = code
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '' && !line.startsWith('//'));
  if (first === undefined) return true;
  return /^([\w$]+|'[^']*'|"[^"]*")\??\s*:(?!:)/.test(first) || /^(\.|\}|\)|\]|…)/.test(first);
}

/**
 * The code blocks of one markdown file that must compile.
 *
 * @returns {{ file: string, line: number, code: string, partial: boolean, quotes?: string }[]}
 *   `line` is the 1-based line of the block's first code line; `partial` blocks are reported,
 *   not compiled; `quotes` is the repo path of the file a block quotes.
 */
export function extractBlocks(file) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const blocks = [];
  let open;
  lines.forEach((text, index) => {
    const fence = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)\s*(.*)$/.exec(text);
    if (!open) {
      if (!fence) return;
      const [, indent, marks, lang, info] = fence;
      const compiled = ['ts', 'typescript'].includes(lang) && !/\bnocheck\b/.test(info);
      open = { indent, marks, compiled, start: index + 1, body: [] };
      return;
    }
    if (fence?.[2].startsWith(open.marks) && fence[3] === '' && fence[4] === '') {
      if (open.compiled) {
        const body = open.body.map((l) =>
          l.startsWith(open.indent) ? l.slice(open.indent.length) : l,
        );
        const code = body.join('\n');
        const quoted = /^\/\/\s+(\S+\.tsx?):/.exec(code)?.[1];
        blocks.push({
          file,
          line: open.start + 1,
          code,
          partial: isPartial(code),
          ...(quoted && existsSync(join(root, quoted)) ? { quotes: quoted } : {}),
        });
      }
      open = undefined;
      return;
    }
    open.body.push(text);
  });
  return blocks;
}

/** Bare module names a set of blocks imports (`zod`, `@ussdkit/testing/msw`). */
function importedModules(blocks) {
  const names = new Set();
  for (const { code } of blocks) {
    for (const match of code.matchAll(/\bfrom\s+['"]([^'"./][^'"]*)['"]/g)) names.add(match[1]);
    for (const match of code.matchAll(/\bimport\s+['"]([^'"./][^'"]*)['"]/g)) names.add(match[1]);
  }
  return names;
}

/**
 * Links into the cache folder's `node_modules` what the workspace root cannot resolve by itself:
 * our packages that are not root dependencies, and third-party modules only a package depends
 * on (msw). Plain links keep Node's resolution (exports, conditions, one real path per module).
 */
function linkModules(modules) {
  const packagesDir = join(root, 'packages');
  const packages = readdirSync(packagesDir)
    .map((name) => join(packagesDir, name))
    .filter((dir) => existsSync(join(dir, 'package.json')));
  const nameOf = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name;
  const links = new Map();
  for (const dir of packages) links.set(nameOf(dir), dir);
  for (const name of modules) {
    const base = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
    if (base.startsWith('node:') || links.has(base)) continue;
    // Prefer a package the blocks import (msw through @ussdkit/testing/msw): one copy of the module.
    const imported = packages.filter((dir) => [...modules].some((m) => m.startsWith(nameOf(dir))));
    const owner = [...imported, ...packages].find((dir) =>
      existsSync(join(dir, 'node_modules', base)),
    );
    if (owner) links.set(base, join(owner, 'node_modules', base));
  }
  for (const [name, target] of links) {
    if (existsSync(join(root, 'node_modules', name))) continue;
    const link = join(cacheDir, 'node_modules', name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(realpathSync(target), link, 'dir');
  }
}

/**
 * Writes the blocks to the cache folder and type-checks them with tsc.
 *
 * @returns {{ blocks: number, partial: { file: string, line: number }[],
 *   failures: { file: string, line: number, message: string }[] }}
 */
export function checkDocBlocks(files = docFiles()) {
  const all = files.flatMap(extractBlocks);
  const blocks = all.filter((block) => !block.partial);
  const partial = all
    .filter((block) => block.partial)
    .map((block) => ({ file: relative(root, block.file), line: block.line }));
  rmSync(cacheDir, { recursive: true, force: true });
  mkdirSync(cacheDir, { recursive: true });
  const failures = [];
  // Each block's compiled file, relative to the root: the quoted file itself, or a cache module.
  const names = blocks.map((block, index) => {
    if (block.quotes) {
      const actual = readFileSync(join(root, block.quotes), 'utf8').trimEnd();
      if (actual !== block.code.trimEnd()) {
        failures.push({
          file: relative(root, block.file),
          line: block.line,
          message: `the block quotes ${block.quotes} but differs from it`,
        });
      }
      return block.quotes;
    }
    const slug = relative(root, block.file).replace(/[^a-zA-Z0-9]+/g, '_');
    const name = `${String(index).padStart(3, '0')}_${slug}_L${block.line}.ts`;
    // `export {}` makes every block its own module, so blocks never see each other's names.
    writeFileSync(join(cacheDir, name), `${block.code}\nexport {};\n`);
    return relative(root, join(cacheDir, name));
  });
  linkModules(importedModules(blocks));
  writeFileSync(
    join(cacheDir, 'tsconfig.json'),
    JSON.stringify(
      {
        extends: join(root, 'tsconfig.base.json'),
        files: names.map((name) => join(root, name)),
      },
      null,
      2,
    ),
  );
  if (blocks.length === 0) return { blocks: 0, partial, failures };
  const tsc = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', cacheDir, '--pretty', 'false'],
    { cwd: root, encoding: 'utf8' },
  );
  for (const line of `${tsc.stdout}${tsc.stderr}`.split('\n')) {
    const match = /^(.+?)\((\d+),(\d+)\): error (TS\d+: .*)$/.exec(line.trim());
    if (!match) {
      if (line.trim().startsWith('error'))
        failures.push({ file: 'tsc', line: 0, message: line.trim() });
      continue;
    }
    const index = names.indexOf(relative(root, resolve(root, match[1])));
    const block = blocks[index];
    if (!block) {
      failures.push({ file: relative(root, match[1]), line: Number(match[2]), message: match[4] });
      continue;
    }
    failures.push({
      file: relative(root, block.file),
      line: block.line + Number(match[2]) - 1,
      message: match[4],
    });
  }
  if (tsc.status !== 0 && failures.length === 0) {
    failures.push({ file: 'tsc', line: 0, message: `tsc exited with ${tsc.status}` });
  }
  return { blocks: blocks.length, partial, failures };
}

/**
 * The TypeScript sources whose TSDoc is checked: every `.ts` file under `packages/<name>/src/`
 * but tests (`*.test.ts`, `*.test-d.ts`) and declarations.
 */
export function tsdocFiles() {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/(?<!\.test|\.test-d|\.d)\.ts$/.test(entry.name)) found.push(path);
    }
  };
  const packagesDir = join(root, 'packages');
  for (const name of readdirSync(packagesDir).sort()) {
    if (existsSync(join(packagesDir, name, 'src'))) walk(join(packagesDir, name, 'src'));
  }
  return found;
}

/**
 * The `@example` code blocks in the TSDoc comments of one file, and what is wrong with their
 * layout (an `@example` with no block, a block never closed, a line without the ` * ` margin).
 *
 * @returns {{ examples: { file: string, line: number, lang: string, lines: { line: number,
 *   text: string }[] }[], failures: { file: string, line: number, message: string }[] }}
 *   `line` is the 1-based line in the file of the block's first code line.
 */
export function extractTsdocExamples(file) {
  const text = readFileSync(file, 'utf8');
  const name = relative(root, file);
  const examples = [];
  const failures = [];
  for (const comment of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
    const first = text.slice(0, comment.index).split('\n').length;
    const lines = comment[0].split('\n');
    let tag; // the line of an @example still waiting for its block
    let open; // the block being read
    const noBlock = (line) =>
      failures.push({ file: name, line, message: 'an @example with no code block' });
    lines.forEach((raw, index) => {
      const line = first + index;
      const margin = /^\s*\*(?!\/)\s?(.*)$/.exec(raw);
      const content =
        index === 0 ? raw.replace(/^\s*\/\*\*\s?/, '') : (margin?.[1] ?? raw.replace(/\*\/$/, ''));
      if (open) {
        if (/^\s*```/.test(content)) {
          examples.push(open);
          open = undefined;
          return;
        }
        if (!margin) {
          failures.push({
            file: name,
            line,
            message: "a line of an @example without the comment's ` * ` margin (pasted into it?)",
          });
        }
        open.lines.push({ line, text: content });
        return;
      }
      if (/^\s*@example\b/.test(content)) {
        if (tag !== undefined) noBlock(tag);
        tag = line;
        return;
      }
      if (tag === undefined) return;
      const fence = /^\s*```(\S*)/.exec(content);
      if (fence) {
        open = { file: name, line: line + 1, lang: fence[1] ?? '', lines: [] };
        tag = undefined;
      } else if (/^\s*@\w/.test(content)) {
        noBlock(tag);
        tag = undefined;
      }
    });
    if (tag !== undefined) noBlock(tag);
    if (open)
      failures.push({ file: name, line: open.line - 1, message: 'an @example block never closed' });
  }
  return { examples, failures };
}

/**
 * The shapes an example may parse as, tried in order. Without the last, `catch (error) { … }`
 * would pass only by luck, as an object member named `catch`.
 */
const exampleForms = [
  { name: 'a module', wrap: (code) => code },
  { name: 'an expression', wrap: (code) => `(\n${code}\n)` },
  { name: 'object members', wrap: (code) => `({\n${code}\n})` },
  { name: 'a catch clause', wrap: (code) => `try {\n} ${code}` },
];

const parse = (code) =>
  ts.createSourceFile('example.ts', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);

/** What is wrong with one example's code (none when it parses), at lines of its file. */
function exampleFailures(example) {
  const code = example.lines.map((l) => l.text).join('\n');
  const lineOf = (index) => example.lines[index]?.line ?? example.line;
  const failure = (index, message) => ({ file: example.file, line: lineOf(index), message });
  if (example.lang === 'json') {
    try {
      JSON.parse(code);
      return [];
    } catch (error) {
      return [failure(0, `the @example is not JSON: ${error.message}`)];
    }
  }
  if (!['ts', 'typescript', ''].includes(example.lang)) return [];
  const module = parse(code);
  if (module.parseDiagnostics.length === 0) {
    // Imports first: an import below code was pasted, or moved, into the example.
    const firstCode = module.statements.findIndex(
      (statement) => !ts.isImportDeclaration(statement) && !ts.isImportEqualsDeclaration(statement),
    );
    return module.statements
      .slice(firstCode === -1 ? module.statements.length : firstCode)
      .filter(
        (statement) => ts.isImportDeclaration(statement) || ts.isImportEqualsDeclaration(statement),
      )
      .map((statement) =>
        failure(
          module.getLineAndCharacterOfPosition(statement.getStart(module)).line,
          'an import below code: imports go at the top of an @example',
        ),
      );
  }
  for (const form of exampleForms.slice(1)) {
    if (parse(form.wrap(code)).parseDiagnostics.length === 0) return [];
  }
  const [first] = module.parseDiagnostics;
  const where = module.getLineAndCharacterOfPosition(first.start).line;
  const forms = exampleForms.map((form) => form.name);
  return [
    failure(
      where,
      `the @example parses as none of ${forms.slice(0, -1).join(', ')} or ${forms.at(-1)}: ` +
        `TS${first.code}: ${ts.flattenDiagnosticMessageText(first.messageText, ' ')}`,
    ),
  ];
}

/**
 * Parses every `@example` block of the TSDoc in `files` (see the header).
 *
 * @returns {{ examples: number, failures: { file: string, line: number, message: string }[] }}
 */
export function checkTsdocExamples(files = tsdocFiles()) {
  let examples = 0;
  const failures = [];
  for (const file of files) {
    const found = extractTsdocExamples(file);
    examples += found.examples.length;
    failures.push(...found.failures, ...found.examples.flatMap(exampleFailures));
  }
  failures.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return { examples, failures };
}

function main(argv) {
  const json = argv.includes('--json');
  const files = argv.filter((arg) => !arg.startsWith('--')).map((file) => resolve(file));
  const sources = files.filter((file) => file.endsWith('.ts'));
  const markdown = files.filter((file) => !file.endsWith('.ts'));
  const result = checkDocBlocks(files.length === 0 ? docFiles() : markdown);
  const tsdoc = checkTsdocExamples(files.length === 0 ? tsdocFiles() : sources);
  const failures = [...result.failures, ...tsdoc.failures];
  if (json) {
    console.log(JSON.stringify({ ...result, tsdoc }, null, 2));
  } else {
    for (const p of result.partial) console.log(`${p.file}:${p.line}: partial block, not compiled`);
    for (const f of failures) console.error(`${f.file}:${f.line}: ${f.message}`);
    console.log(
      `${result.blocks} TypeScript blocks compiled, ${result.partial.length} partial ones skipped, ` +
        `${tsdoc.examples} TSDoc examples parsed, ${failures.length} errors` +
        ' (convention: CONTRIBUTING.md, "Code blocks in docs")',
    );
  }
  return failures.length === 0 ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
