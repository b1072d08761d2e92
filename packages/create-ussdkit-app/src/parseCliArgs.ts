import { parseArgs } from 'node:util';
import {
  isPackageManager,
  isTemplate,
  type PackageManager,
  packageManagers,
  type Template,
  templates,
} from './templates';
import { UsageError } from './UsageError';

/** What the command line asked for; what it left out is asked for interactively, or refused. */
export interface CliArgs {
  /** Where to create the project (the first positional argument). */
  readonly directory?: string;
  readonly template?: Template;
  readonly packageManager?: PackageManager;
  /** A folder of packed `@ussdkit/*` tarballs to depend on instead of the registry. */
  readonly from?: string;
  /** `--help`: print the usage and do nothing else. */
  readonly help: boolean;
  /** `--version`: print this package's version and do nothing else. */
  readonly version: boolean;
}

/** The text `create-ussdkit-app --help` prints. */
export const usage = `Usage: create-ussdkit-app [directory] [options]

Creates a ussdkit USSD app in <directory>, which must be new or empty. Without a template, a
directory or a package manager, asks for them (in a terminal; elsewhere, give them as options).

Options:
  -t, --template <name>          ${templates.join(' | ')}
  -p, --package-manager <name>   ${packageManagers.join(' | ')} (default: the one running this command)
      --from <folder>            depend on the @ussdkit/*.tgz tarballs in <folder> (pnpm pack:local)
                                 instead of the npm registry
  -h, --help                     print this help
  -v, --version                  print the version

Example:
  npm create ussdkit-app@latest my-app -- --template hono`;

/**
 * Reads the arguments of `create-ussdkit-app` (without `node` and the script). Throws
 * {@link UsageError} for an unknown option, a template or package manager that does not exist, or
 * more than one directory.
 *
 * @example
 * ```ts
 * parseCliArgs(['my-app', '--template', 'hono']);
 * // { directory: 'my-app', template: 'hono', help: false, version: false }
 * ```
 */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch (error) {
    // node:util names the bad option; we add where to look.
    throw new UsageError(`${(error as Error).message}. Run create-ussdkit-app --help.`, {
      cause: error,
    });
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) {
    throw new UsageError(
      `Give one directory, not ${positionals.length} (${positionals.join(', ')}). Run create-ussdkit-app --help.`,
    );
  }
  const { template, 'package-manager': packageManager, from } = values;
  if (template !== undefined && !isTemplate(template)) {
    throw new UsageError(`Unknown template "${template}": use --template ${oneOf(templates)}.`);
  }
  if (packageManager !== undefined && !isPackageManager(packageManager)) {
    throw new UsageError(
      `Unknown package manager "${packageManager}": use --package-manager ${oneOf(packageManagers)}.`,
    );
  }
  if (from === '') throw new UsageError('--from needs a folder of packed @ussdkit tarballs.');
  const [directory] = positionals;
  if (directory === '') throw new UsageError('The directory name is empty.');
  return {
    ...(directory === undefined ? {} : { directory }),
    ...(template === undefined ? {} : { template }),
    ...(packageManager === undefined ? {} : { packageManager }),
    ...(from === undefined ? {} : { from }),
    help: values.help ?? false,
    version: values.version ?? false,
  };
}

function parseOptions(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      template: { type: 'string', short: 't' },
      'package-manager': { type: 'string', short: 'p' },
      from: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
}

/** `['a', 'b', 'c']` -> `a, b or c`. */
function oneOf(names: readonly string[]): string {
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}
