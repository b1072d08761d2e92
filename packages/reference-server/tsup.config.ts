import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    cli: 'src/cli.ts',
    'rules/index': 'src/rules/index.ts',
    'service/index': 'src/service/index.ts',
    'dev/index': 'src/dev/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  treeshake: true,
});
