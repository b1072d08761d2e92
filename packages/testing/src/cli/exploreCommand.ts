import { parseArgs } from 'node:util';
import type { ExploreOptions } from '../explore/ExploreOptions';
import { explore } from '../explore/explore';
import type { CliIo } from './CliIo';
import { formatReport } from './formatReport';
import { loadApp } from './loadApp';

export const exploreUsage = `Usage: ussdkit explore <module> [options]

Walks every branch of the app the module exports (\`app\`, or the default export) and reports
its faults, each with what to dial and type on \`ussdkit dial\` (beside \`ussdkit dev <module>\`)
to see it. The module is loaded as \`ussdkit dev\` loads it (TypeScript too) and explored with its
defaults (the token demo-token, the short code *384*1#). It may export \`exploreOptions\` (stubs
in \`setup\`, \`harness.authToken\`, values in \`inputs\`). Exits 1 when a problem is found.

Options:
  --json                 print the result as JSON (for CI)
  --shortcode <code>     the app's short code (default *384*1#)
  --language <code>      explore only this language (repeatable)
  --auth-token <token>   the Authorization the gateway sends (default demo-token, as
                         ussdkit dev sends; exploreOptions.harness.authToken wins over it)
  --deadline-ms <ms>     an event slower than this is a problem (default 3500)
  --max-depth <n>        inputs after the start (default 12)
  --max-visits <n>       times each screen is expanded (default 2)
  --max-sessions <n>     sessions run at most (default 5000)
  -h, --help             show this help`;

const count = (flag: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${flag} takes a whole number, not "${value}"`);
  return n;
};

/**
 * `ussdkit explore <module>`: loads the module's app, explores it, prints the report (or JSON
 * with `--json`); resolves 0 without problems, 1 with some, 2 for bad arguments.
 */
export async function exploreCommand(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.err(`ussdkit explore: ${error instanceof Error ? error.message : String(error)}`);
    io.err(exploreUsage);
    return 2;
  }
  if (parsed.values.help === true) {
    io.out(exploreUsage);
    return 0;
  }
  const [path] = parsed.positionals;
  if (path === undefined || parsed.positionals.length > 1) {
    io.err('ussdkit explore: give one module, e.g. `ussdkit explore src/app.ts`');
    io.err(exploreUsage);
    return 2;
  }
  const { values } = parsed;
  const { app, options } = await loadApp(path, io.cwd);
  const { devDefaults } = await import('@ussdkit/reference-server/dev');
  // The token `ussdkit dev` sends unless told: the module it serves is explored as served.
  const authToken = values['auth-token'] ?? options.harness?.authToken ?? devDefaults.authToken;
  const overrides: ExploreOptions = {
    ...options,
    ...(values.shortcode === undefined ? {} : { shortcode: values.shortcode }),
    ...(values.language === undefined ? {} : { languages: values.language }),
    harness: { ...options.harness, authToken },
    ...numbers(values),
  };
  const result = await explore(app, overrides);
  io.out(values.json === true ? JSON.stringify(result, null, 2) : formatReport(path, result));
  return result.problems.length === 0 ? 0 : 1;
}

function numbers(values: ReturnType<typeof parse>['values']): ExploreOptions {
  const entries = {
    deadlineMs: count('--deadline-ms', values['deadline-ms']),
    maxDepth: count('--max-depth', values['max-depth']),
    maxVisits: count('--max-visits', values['max-visits']),
    maxSessions: count('--max-sessions', values['max-sessions']),
  };
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      shortcode: { type: 'string' },
      language: { type: 'string', multiple: true },
      'auth-token': { type: 'string' },
      'deadline-ms': { type: 'string' },
      'max-depth': { type: 'string' },
      'max-visits': { type: 'string' },
      'max-sessions': { type: 'string' },
    },
  });
}
