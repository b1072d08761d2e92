import type { Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import type { CliIo } from '../internal/cli/CliIo';
import { DEFAULT_MSISDN, runDial } from './runDial';

/** Where the sandbox listens unless `--url` says otherwise. */
export const DEFAULT_SANDBOX_URL = 'http://127.0.0.1:4000';

export const dialUsage = `Usage: ussdkit-sandbox dial <short code> [--url ${DEFAULT_SANDBOX_URL}] [--msisdn ${DEFAULT_MSISDN}]

The terminal phone: dials the short code on a running sandbox and shows each screen.
Type an answer and press Enter; /cancel or Ctrl-D hangs up.

Options:
  --url <url>        where the sandbox listens (default ${DEFAULT_SANDBOX_URL})
  --msisdn <number>  the phone number that dials (default ${DEFAULT_MSISDN})
  -h, --help         show this help`;

/** Streams of {@link createDialCommand}; the process's own by default. */
export interface DialStreams {
  /** @defaultValue `process.stdin` */
  readonly input?: Readable;
  /** @defaultValue `process.stdout` */
  readonly output?: Writable;
}

/**
 * The `dial` sub-command of `ussdkit-sandbox`: parses `<short code> [--url] [--msisdn]` and runs
 * {@link runDial}. Resolves with the exit code: 0 after a session, 1 when none could run (no
 * sandbox, refused dial), 2 for bad arguments (printed with the usage).
 *
 * @example
 * ```ts
 * const dial = createDialCommand();
 * process.exitCode = await dial(['*384*1#', '--url', 'http://127.0.0.1:4000'], processIo);
 * ```
 */
export function createDialCommand(streams: DialStreams = {}) {
  return async (argv: readonly string[], io: CliIo): Promise<number> => {
    let parsed: ReturnType<typeof parse>;
    try {
      parsed = parse(argv);
    } catch (error) {
      io.err(`ussdkit-sandbox dial: ${error instanceof Error ? error.message : String(error)}`);
      io.err(dialUsage);
      return 2;
    }
    const { values, positionals } = parsed;
    if (values.help) {
      io.out(dialUsage);
      return 0;
    }
    const [dial, ...extra] = positionals;
    if (dial === undefined || extra.length > 0) {
      io.err('ussdkit-sandbox dial: give exactly one short code, e.g. dial "*384*1#"');
      io.err(dialUsage);
      return 2;
    }
    const outcome = await runDial({
      baseUrl: values.url,
      dial,
      msisdn: values.msisdn,
      ...(streams.input === undefined ? {} : { input: streams.input }),
      ...(streams.output === undefined ? {} : { output: streams.output }),
    });
    return outcome.exitCode;
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      url: { type: 'string', default: DEFAULT_SANDBOX_URL },
      msisdn: { type: 'string', default: DEFAULT_MSISDN },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
  });
}

/** The `dial` sub-command on the process's own streams. */
export const dialCommand = createDialCommand();
