import { join } from 'node:path';
import { build } from 'esbuild';

/** A module to bundle: a file, or its text with the folder its imports resolve from. */
export type BundleEntry = string | { readonly contents: string; readonly resolveDir: string };

/**
 * Bundles an app module as a user deploying to an edge runtime would: one ESM file for the
 * `neutral` platform, so nothing Node-specific is assumed and a Node built-in imported on the
 * way fails the build. Our packages come from their sources (the `@ussdkit/source` condition).
 */
export async function bundleApp(
  entry: BundleEntry,
  outdir: string,
  name = 'app.mjs',
): Promise<string> {
  const outfile = join(outdir, name);
  await build({
    ...(typeof entry === 'string'
      ? { entryPoints: [entry] }
      : { stdin: { contents: entry.contents, resolveDir: entry.resolveDir, loader: 'ts' } }),
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    mainFields: ['module', 'main'],
    conditions: ['@ussdkit/source', 'worker', 'import', 'default'],
    logLevel: 'silent',
  });
  return outfile;
}
