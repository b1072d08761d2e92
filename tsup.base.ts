import { defineConfig, type Options } from 'tsup';

/**
 * How every package builds (ESM + CJS + `.d.ts`, source maps, for Node 20 and later): each
 * package's `tsup.config.ts` gives its entries and what differs.
 */
export function packageBuild(options: Options & Required<Pick<Options, 'entry'>>) {
  return defineConfig({
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'node20',
    treeshake: true,
    ...options,
  });
}
