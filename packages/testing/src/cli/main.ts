/**
 * The `ussdkit` command: `ussdkit explore <module> [--json]`, `ussdkit dev <module>`; `--help`
 * for more.
 * @module
 */
import { processIo } from './CliIo';
import { runCli } from './runCli';

runCli(process.argv.slice(2), processIo).then((code) => {
  if (code !== undefined) process.exitCode = code;
});
