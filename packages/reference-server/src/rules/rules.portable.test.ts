import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// `@ussdkit/reference-server/rules` is what `@ussdkit/testing/msw` puts in users' test bundles:
// it must run on any runtime (docs/decisions/0006-layout-and-dependencies.md, portability rule;
// docs/decisions/0015-one-implementation-of-the-service-rules.md). These tests follow every
// import reachable from its entry.

const packageRoot = resolve(import.meta.dirname, '..', '..');
const imports =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every module reachable from `entry` (relative imports followed), and the packages named. */
function graph(entry: string): { files: string[]; packages: Set<string> } {
  const files: string[] = [];
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (files.includes(file)) continue;
    files.push(file);
    for (const match of readFileSync(file, 'utf8').matchAll(imports)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const base = resolve(dirname(file), specifier);
      const found = [`${base}.ts`, join(base, 'index.ts')].find((path) => existsSync(path));
      if (found === undefined) throw new Error(`${file}: cannot resolve ${specifier}`);
      queue.push(found);
    }
  }
  return { files: files.map((file) => relative(packageRoot, file)), packages };
}

describe('@ussdkit/reference-server/rules', () => {
  const { files, packages } = graph(join(packageRoot, 'src/rules/index.ts'));

  it('imports no Node built-in and no package but @ussdkit/protocol and zod', () => {
    expect([...packages].sort()).toEqual(['@ussdkit/protocol', 'zod']);
  });

  it('reaches no server code: only the rules, the catalogue config and the sandbox banks', () => {
    const outside = files.filter((file) => !file.startsWith('src/rules/'));
    expect(outside.sort()).toEqual([
      'src/config/catalogueConfig.ts',
      'src/gateway/sandboxBanks.ts',
    ]);
  });
});

describe('@ussdkit/testing/msw', () => {
  it('takes the sandbox rules from the /rules subpath only, never the server entry', () => {
    const testing = resolve(packageRoot, '..', 'testing', 'src', 'msw', 'index.ts');
    const { packages } = graph(testing);
    expect([...packages].filter((name) => name.startsWith('@ussdkit/reference-server'))).toEqual([
      '@ussdkit/reference-server/rules',
    ]);
    expect([...packages].filter((name) => name.startsWith('node:'))).toEqual([]);
  });
});
