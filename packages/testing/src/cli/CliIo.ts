/** Where the `ussdkit` command writes; injectable for tests. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Where module paths are resolved from. */
  readonly cwd: string;
}

/** The process's own streams. */
export const processIo: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  get cwd() {
    return process.cwd();
  },
};
