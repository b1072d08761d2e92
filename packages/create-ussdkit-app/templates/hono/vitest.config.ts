import { defineConfig } from 'vitest/config';

export default defineConfig({
  // test/dev.test.ts starts the sandbox and the app: generous limits for slow CI machines.
  test: { include: ['test/**/*.test.ts'], testTimeout: 20_000, hookTimeout: 30_000 },
});
