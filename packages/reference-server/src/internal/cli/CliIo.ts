import { onStopSignal } from './onStopSignal';

/** Where the CLI writes, and how it waits for a stop signal; injectable for tests. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** Calls `stop` once on SIGINT or SIGTERM. */
  onStop(stop: () => Promise<void>): void;
}

/** The process's own streams and signals. */
export const processIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  onStop: onStopSignal,
};
