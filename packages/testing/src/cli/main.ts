/**
 * The `ussdkit` command: `ussdkit explore <module> [--json]`; `--help` for more.
 * @module
 */
import { processIo } from './CliIo';
import { runCli } from './runCli';

runCli(process.argv.slice(2), processIo).then((code) => {
  process.exitCode = code;
});
