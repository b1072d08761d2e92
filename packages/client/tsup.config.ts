import { defineConfig } from 'tsup';

export default defineConfig({
  // `#createSender` (package.json `imports`) is resolved where the client runs, not here: the
  // `node` build of it can send with undici, the other one only with fetch (decision 0019).
  entry: {
    index: 'src/index.ts',
    createSender: 'src/internal/createSender.ts',
    'createSender.node': 'src/internal/node/createSender.ts',
  },
  external: ['#createSender'],
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'node20',
  treeshake: true,
});
