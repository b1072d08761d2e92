#!/usr/bin/env node
// The `ussdkit-sandbox` command. This committed file, rather than dist/cli.js itself, is the
// package's bin so that a package manager can link it in a fresh clone of the ussdkit repository,
// before anything is built (linking a bin whose file is missing prints a warning per workspace).
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (existsSync(cli)) {
  await import(cli.href);
} else {
  console.error(
    'ussdkit-sandbox: this copy of @ussdkit/reference-server is not built (dist/cli.js is missing).\n' +
      'In a clone of the ussdkit repository, run `pnpm build` first, or use `pnpm start` and\n' +
      "`pnpm dial '*384*1#'`, which run the sources.",
  );
  process.exitCode = 1;
}
