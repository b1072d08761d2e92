import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What `pnpm dev` and the tests take from wrangler.toml. */
export interface WranglerConfig {
  readonly name: string;
  readonly main: string;
  readonly compatibilityDate: string;
  readonly compatibilityFlags: readonly string[];
  /** Durable Object bindings: binding name to class name. */
  readonly durableObjects: Readonly<Record<string, string>>;
  /** The classes the migrations create. */
  readonly migratedClasses: readonly string[];
}

const root = join(import.meta.dirname, '..');

/**
 * Reads the keys of wrangler.toml this example uses, so that local runs use the deployed
 * settings. Not a TOML parser: top-level `key = "string"` and `key = ["strings"]` lines, and the
 * same inside `[[durable_objects.bindings]]` and `[[migrations]]` tables, are all it reads
 * (wrangler, which has one, is not a dependency: see the README).
 */
export function readWranglerConfig(path = join(root, 'wrangler.toml')): WranglerConfig {
  const top: Record<string, unknown> = {};
  const tables: { kind: string; entries: Record<string, unknown> }[] = [];
  let current = top;
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    const line = raw.replace(/\s+#.*$/, '').trim();
    if (line === '' || line.startsWith('#')) continue;
    const table = /^\[\[([\w.]+)\]\]$/.exec(line);
    if (table !== null) {
      current = {};
      tables.push({ kind: table[1] ?? '', entries: current });
      continue;
    }
    const pair = /^(\w+)\s*=\s*(.+)$/.exec(line);
    if (pair === null) throw new Error(`wrangler.toml: cannot read "${line}"`);
    current[pair[1] ?? ''] = JSON.parse(pair[2] ?? '');
  }
  const text = (value: unknown, what: string): string => {
    if (typeof value !== 'string') throw new Error(`wrangler.toml: no ${what}`);
    return value;
  };
  const of = (kind: string) => tables.filter((t) => t.kind === kind).map((t) => t.entries);
  return {
    name: text(top.name, 'name'),
    main: text(top.main, 'main'),
    compatibilityDate: text(top.compatibility_date, 'compatibility_date'),
    compatibilityFlags: (top.compatibility_flags as string[] | undefined) ?? [],
    durableObjects: Object.fromEntries(
      of('durable_objects.bindings').map((b) => [
        text(b.name, 'binding name'),
        text(b.class_name, 'class_name'),
      ]),
    ),
    migratedClasses: of('migrations').flatMap(
      (m) => (m.new_sqlite_classes ?? m.new_classes ?? []) as string[],
    ),
  };
}
