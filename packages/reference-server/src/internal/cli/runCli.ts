import { devCommand } from '../../dev/devCommand';
import { dialCommand } from '../../terminal/index';
import type { CliIo } from './CliIo';
import { serveCommand, serveUsage } from './serveCommand';

/** A sub-command: gets the arguments after its name; resolves with an exit code, or undefined to keep running. */
export type CliCommand = (argv: readonly string[], io: CliIo) => Promise<number | undefined>;

/**
 * Sub-commands by name. Without a name (or with an option first) the CLI serves;
 * `ussdkit-sandbox dial '*384*1#'` is the terminal phone, `ussdkit-sandbox dev src/app.ts` runs an
 * app with live reload.
 */
export const commands: Record<string, CliCommand> = {
  serve: serveCommand,
  dial: dialCommand,
  dev: devCommand,
};

/**
 * Runs `ussdkit-sandbox` with its arguments. Errors are printed with the usage, exit code 2.
 *
 * @example
 * ```ts
 * await runCli(['--port', '0'], processIo);
 * ```
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number | undefined> {
  const [first, ...rest] = argv;
  const named = first !== undefined && !first.startsWith('-');
  const command = named ? commands[first] : serveCommand;
  if (!command) {
    io.err(`unknown command "${first}"; commands: ${Object.keys(commands).join(', ')}`);
    io.err(serveUsage);
    return 2;
  }
  try {
    return await command(named ? rest : argv, io);
  } catch (error) {
    io.err(`ussdkit-sandbox: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
}
