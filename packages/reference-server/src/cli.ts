#!/usr/bin/env node
/**
 * The `ussdkit-sandbox` command: `ussdkit-sandbox [--port 4000] [--host 127.0.0.1]
 * [--config file.json] [--main-code 384]`; `--help` for more.
 * @module
 */
import { processIo } from './internal/cli/CliIo';
import { runCli } from './internal/cli/runCli';

runCli(process.argv.slice(2), processIo).then((code) => {
  if (code !== undefined) process.exitCode = code;
});
