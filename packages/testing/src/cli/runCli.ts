import type { CliIo } from './CliIo';
import { devCommand, dialCommand } from './devCommand';
import { exploreCommand } from './exploreCommand';

/**
 * A sub-command: gets the arguments after its name; resolves with the exit code, or undefined
 * while it keeps running (`dev`).
 */
export type CliCommand = (argv: readonly string[], io: CliIo) => Promise<number | undefined>;

/** The sub-commands of `ussdkit`, by name. */
export const commands: Readonly<Record<string, CliCommand>> = {
  explore: exploreCommand,
  dev: devCommand,
  dial: dialCommand,
};

const usage = `Usage: ussdkit <command> [options]

Commands:
  explore <module>   walk every branch of the app the module exports and report its faults
  dev <module>       serve the module's app to the sandbox and its web phone, reloaded as you edit
  dial <short code>  the terminal phone: dial the running sandbox and answer each screen

\`ussdkit <command> --help\` shows a command's options.`;

/**
 * Runs `ussdkit` with its arguments: 2 for an unknown command or a failure to start; undefined
 * while a command keeps running.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number | undefined> {
  const [name, ...rest] = argv;
  const command = name === undefined ? undefined : commands[name];
  if (command === undefined) {
    if (name !== undefined && name !== '--help' && name !== '-h')
      io.err(`unknown command "${name}"`);
    io.err(usage);
    return name === '--help' || name === '-h' ? 0 : 2;
  }
  try {
    return await command(rest, io);
  } catch (error) {
    io.err(`ussdkit ${name}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
}
