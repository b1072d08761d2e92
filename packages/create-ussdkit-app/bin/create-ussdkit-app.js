#!/usr/bin/env node
// The `create-ussdkit-app` command. This committed file, rather than dist/cli.js itself, is the
// package's bin so that a package manager can link it in a fresh clone of the ussdkit repository,
// before anything is built (linking a bin whose file is missing prints a warning per workspace).
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (existsSync(cli)) {
  const { main } = await import(cli.href);
  process.exitCode = await main(process.argv.slice(2));
} else {
  console.error(
    'create-ussdkit-app: this copy is not built (dist/cli.js is missing).\n' +
      'In a clone of the ussdkit repository, run `pnpm build` first.',
  );
  process.exitCode = 1;
}
