#!/usr/bin/env node
// The `ussdkit` command. This committed file, rather than dist/cli/main.js itself, is the
// package's bin so that a package manager can link it in a fresh clone of the ussdkit repository,
// before anything is built (as `ussdkit-sandbox` of @ussdkit/reference-server does).
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli/main.js', import.meta.url);
if (existsSync(cli)) {
  await import(cli.href);
} else {
  console.error(
    'ussdkit: this copy of @ussdkit/testing is not built (dist/cli/main.js is missing).\n' +
      'In a clone of the ussdkit repository, run `pnpm build` first, or `pnpm explore <module>`,\n' +
      'which runs the sources.',
  );
  process.exitCode = 1;
}
