// The entry points that must run wherever `fetch` runs (decision 0006's portability rule) bundle
// for a neutral platform: none of them reaches a Node built-in. The Redis store, which needs
// Node, has its own entry point. (The Express adapters import Express's types only.) The client's
// undici sender is reached only under the `node` condition (decision 0019).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleApp } from '../../scripts/runtimes/bundleApp';

const folder = mkdtempSync(join(tmpdir(), 'ussdkit-portable-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Bundles a one-line module importing `specifier` (everything it exports is kept). */
async function bundle(specifier: string): Promise<void> {
  const contents = `export * from '${specifier}';\n`;
  await bundleApp({ contents, resolveDir: import.meta.dirname }, folder, 'entry.mjs');
}

describe('portable entry points', () => {
  it.each([
    '@ussdkit/protocol',
    '@ussdkit/client',
    '@ussdkit/router',
    '@ussdkit/router/cloudflare',
    '@ussdkit/router/otel',
    '@ussdkit/hono',
    '@ussdkit/testing',
    '@ussdkit/africastalking',
    '@ussdkit/gateways',
    '@ussdkit/reference-server/rules',
    '@ussdkit/reference-server/service',
    '@ussdkit/testing/msw',
  ])('%s bundles for a neutral platform, without Node built-ins', async (specifier) => {
    await expect(bundle(specifier)).resolves.toBeUndefined();
  });

  it.each([
    ['@ussdkit/router', false],
    ['@ussdkit/router/otel', true],
  ])(
    '%s imports @opentelemetry/api: %s (an optional peer, for its own entry only)',
    async (specifier, imports) => {
      const { metafile } = await build({
        stdin: { contents: `export * from '${specifier}';\n`, resolveDir: import.meta.dirname },
        bundle: true,
        write: false,
        metafile: true,
        format: 'esm',
        platform: 'neutral',
        mainFields: ['module', 'main'],
        conditions: ['@ussdkit/source', 'import', 'default'],
        external: ['@opentelemetry/api'],
        logLevel: 'silent',
      });
      const imported = Object.values(metafile.outputs).flatMap((output) =>
        output.imports.map((entry) => entry.path),
      );
      expect(imported.includes('@opentelemetry/api')).toBe(imports);
    },
  );

  it('@ussdkit/router/redis is Node-only (ioredis), behind its own entry point', async () => {
    await expect(bundle('@ussdkit/router/redis')).rejects.toThrow(
      /Could not resolve "(node:)?\w+"/,
    );
  });
});
