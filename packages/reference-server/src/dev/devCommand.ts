import { parseArgs } from 'node:util';
import { listenOrExplain } from '../internal/cli/listenOrExplain';
import { onStopSignal } from '../internal/cli/onStopSignal';
import { devDefaults } from './devDefaults';
import type { FlowApp, FlowProblem } from './publishFlow';
import { runDev } from './runDev';

/** Where {@link devCommand} writes, and how it waits for a stop signal. */
export interface DevCommandIo {
  out(line: string): void;
  err(line: string): void;
  /** Calls `stop` once when the command should end. @defaultValue on SIGINT or SIGTERM, then exits */
  onStop?(stop: () => Promise<void>): void;
}

/** Options of {@link devCommand}. */
export interface DevCommandOptions {
  /** How the command is typed, for its help. @defaultValue `"ussdkit-sandbox dev"` */
  readonly program?: string;
  /**
   * Finds the app's problems for the flow map, given the token the sandbox sends (`ussdkit dev`
   * passes the explorer of `@ussdkit/testing`).
   * @defaultValue none: the map shows the screens and arrows only
   */
  readonly explore?: (app: FlowApp, authToken: string) => Promise<readonly FlowProblem[]>;
}

/** The help of {@link devCommand}, for the command typed as `program`. */
export const devUsage = (
  program: string,
) => `Usage: ${program} <module> [--port 4000] [--host 127.0.0.1] [--app-code 1] [--auth-token t] [--watch dir]

Runs an app module against the sandbox with live reload (docs/dev.md): starts the sandbox and
its web phone, serves the module's app (its \`app\` export, or its default export) and registers
it as *<main code>*<app code>#. A change to a file in the module's folder applies from the next
dial; the sandbox and the web phone stay up. Each error of the app is printed with the screen
the phone showed and the customer's inputs.

Options:
  --port <n>          the sandbox's TCP port (default 4000; 0 picks a free one)
  --host <address>    interface to listen on (default 127.0.0.1)
  --main-code <n>     the service's main code (default 384)
  --app-code <n>      the app's code (default 1): dial *384*1#
  --auth-token <t>    the Authorization the app is handed: its authToken, if it has one
                      (default demo-token)
  --watch <dir>       the folder watched (default the module's folder)
  -h, --help          show this help`;

/**
 * The command line of {@link runDev} (`ussdkit dev <module>`, `ussdkit-sandbox dev <module>`):
 * parses the arguments, starts the sandbox, the web phone and the app, reloaded on change, and
 * resolves with `undefined` while it runs (it stops on `io.onStop`). Resolves 0 after `--help`,
 * 1 when the port is taken, 2 for a missing module; rejects with the rule a bad option breaks.
 *
 * @example
 * ```ts
 * const code = await devCommand(['src/app.ts', '--port', '0'], processIo, { program: 'ussdkit dev' });
 * ```
 */
export async function devCommand(
  argv: readonly string[],
  io: DevCommandIo,
  options: DevCommandOptions = {},
): Promise<number | undefined> {
  const program = options.program ?? 'ussdkit-sandbox dev';
  const { explore } = options;
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string', default: '4000' },
      host: { type: 'string', default: '127.0.0.1' },
      'main-code': { type: 'string', default: '384' },
      'app-code': { type: 'string', default: '1' },
      'auth-token': { type: 'string' },
      watch: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    io.out(devUsage(program));
    return 0;
  }
  const [module, ...extra] = positionals;
  if (module === undefined || extra.length > 0) {
    io.err(`dev takes one app module, e.g. ${program} src/app.ts`);
    io.err(devUsage(program));
    return 2;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`--port must be an integer from 0 to 65535, got "${values.port}"`);
  }
  for (const name of ['main-code', 'app-code'] as const) {
    if (!/^[0-9]+$/.test(values[name]))
      throw new Error(`--${name} must be digits, got "${values[name]}"`);
  }
  const authToken = values['auth-token'];
  const dev = await listenOrExplain(
    () =>
      runDev({
        module,
        port,
        host: values.host,
        mainCode: values['main-code'],
        appCode: values['app-code'],
        ...(values['auth-token'] === undefined ? {} : { authToken: values['auth-token'] }),
        ...(values.watch === undefined ? {} : { watch: values.watch }),
        ...(explore === undefined
          ? {}
          : { explore: (app: FlowApp) => explore(app, authToken ?? devDefaults.authToken) }),
        log: (text) => io.err(text),
      }),
    'dev',
    (line) => io.err(line),
  );
  if (dev === undefined) return 1;
  io.out(`ussdkit dev: ${module} served at ${dev.appUrl}`);
  io.out(`ussdkit sandbox listening on ${dev.url} (web phone: ${dev.url}/)`);
  // The terminal phone of the same bin: `ussdkit dial` beside `ussdkit dev`, `ussdkit-sandbox dial`
  // beside `ussdkit-sandbox dev`.
  const dialCommand = program.replace(/ dev$/, ' dial');
  io.out(
    `  dial ${dev.dial} on the web phone, or: npx ${dialCommand} '${dev.dial}' --url ${dev.url}`,
  );
  io.out('Watching for changes: each applies from the next dial. Press Ctrl-C to stop.');
  (io.onStop ?? onStopSignal)(async () => {
    io.out('stopping dev...');
    await dev.close();
  });
  return undefined;
}
