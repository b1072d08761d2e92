import type { CliIo } from './CliIo';
import { exploreCommand } from './exploreCommand';

/** A sub-command: gets the arguments after its name; resolves with the exit code. */
export type CliCommand = (argv: readonly string[], io: CliIo) => Promise<number>;

/** The sub-commands of `ussdkit`, by name. */
export const commands: Readonly<Record<string, CliCommand>> = {
  explore: exploreCommand,
};

const usage = `Usage: ussdkit <command> [options]

Commands:
  explore <module>   walk every branch of the app the module exports and report its faults`;

/** Runs `ussdkit` with its arguments: 2 for an unknown command or a failure to start. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
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
