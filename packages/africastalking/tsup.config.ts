import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', express: 'src/express.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  treeshake: true,
  // Shared chunks in CommonJS too: the express entry then throws the main entry's error classes,
  // so `instanceof UnsupportedOnAfricasTalkingError` holds whichever entry mounted the app.
  splitting: true,
});
