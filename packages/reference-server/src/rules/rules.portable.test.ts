import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// `@ussdkit/reference-server/rules` and `/service` are what `@ussdkit/testing/msw` puts in users'
// test bundles: they must run on any runtime (docs/decisions/0006-layout-and-dependencies.md,
// portability rule; 0015 and 0036). These tests follow every import reachable from their entries
// (type-only imports aside: they leave nothing at run time).

const packageRoot = resolve(import.meta.dirname, '..', '..');
const imports =
  /(?:^|\n)\s*(?:import|export)\s(?!type\s)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

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

  it('imports no Node built-in and no package but @ussdkit/protocol at run time', () => {
    expect([...packages].sort()).toEqual(['@ussdkit/protocol']);
  });

  it('reaches no server code: only the rules and the sandbox banks', () => {
    const outside = files.filter((file) => !file.startsWith('src/rules/'));
    expect(outside.sort()).toEqual(['src/gateway/dialogs/sandboxBanks.ts']);
  });
});

describe('@ussdkit/reference-server/service', () => {
  const { files, packages } = graph(join(packageRoot, 'src/service/index.ts'));

  it('imports no Node built-in and no package but @ussdkit/protocol, zod and hono', () => {
    expect([...packages].sort()).toEqual(['@ussdkit/protocol', 'hono', 'hono/factory', 'zod']);
  });

  it('reaches no module of the Node server: no limitBody, no Host allow-list, no gateway engine', () => {
    const node = files.filter((file) =>
      /limitBody|hostAllowList|guardHost|startSandbox|createSandbox|SessionMachine|callApp|cli\//.test(
        file,
      ),
    );
    expect(node).toEqual([]);
  });
});

describe('@ussdkit/testing/msw', () => {
  it('takes the service from the /service and /rules subpaths only, never the server entry', () => {
    const testing = resolve(packageRoot, '..', 'testing', 'src', 'msw', 'index.ts');
    const { packages } = graph(testing);
    expect(
      [...packages].filter((name) => name.startsWith('@ussdkit/reference-server')).sort(),
    ).toEqual(['@ussdkit/reference-server/rules', '@ussdkit/reference-server/service']);
    expect([...packages].filter((name) => name.startsWith('node:'))).toEqual([]);
  });
});
