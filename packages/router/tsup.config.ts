import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    redis: 'src/redis.ts',
    cloudflare: 'src/cloudflare.ts',
    node: 'src/node.ts',
    gateway: 'src/gateway.ts',
    otel: 'src/otel.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  treeshake: true,
});
