/**
 * The `create-ussdkit-app` command: arguments, questions for what they leave out (in a terminal
 * only), the project, and the next steps. Exit codes: 0 done, 1 cancelled or failed, 2 the
 * command line must change (bad arguments, a directory that is not empty).
 * @module
 */
import { relative } from 'node:path';
import { createProject } from './createProject';
import { type Answers, askMissing } from './internal/askMissing';
import { checkTarget } from './internal/checkTarget';
import { nodeShortfall } from './internal/nodeShortfall';
import { packageManagerWords } from './internal/packageManagerWords';
import { ownManifest } from './internal/packageRoot';
import { type CliArgs, parseCliArgs, usage } from './parseCliArgs';
import { TargetNotEmptyError } from './TargetNotEmptyError';
import type { PackageManager } from './templates';
import { UsageError } from './UsageError';

/** Where the command writes and whether it may ask questions. */
export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** Whether stdin and stdout are a terminal: without one, missing arguments are refused. */
  readonly interactive: boolean;
  /** `npm_config_user_agent`: `npm create` and `pnpm create` say which of them runs us. */
  readonly userAgent: string | undefined;
  /** The Node running the command, compared with what the template's tools need. @defaultValue `process.versions.node` */
  readonly nodeVersion?: string;
}

const processIo: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
  userAgent: process.env.npm_config_user_agent,
};

/** Runs the command on `argv` (without `node` and the script) and resolves its exit code. */
export async function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  try {
    const args = parseCliArgs(argv);
    if (args.help) {
      io.out(usage);
      return 0;
    }
    if (args.version) {
      io.out(ownManifest().version);
      return 0;
    }
    // A directory given that cannot be used is refused before any question.
    if (args.directory !== undefined) checkTarget(args.directory);
    const detected: PackageManager = io.userAgent?.startsWith('pnpm/') ? 'pnpm' : 'npm';
    const answers = io.interactive ? await askMissing(args, detected) : given(args, detected);
    if (answers === undefined) return 1;
    const project = await createProject({
      ...answers,
      ...(args.from === undefined ? {} : { from: args.from }),
    });
    io.out(nextSteps(project.directory, answers));
    const shortfall = nodeShortfall(answers.template, io.nodeVersion ?? process.versions.node);
    if (shortfall !== undefined) io.err(`\n⚠ ${shortfall}`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof TargetNotEmptyError) {
      io.err(`create-ussdkit-app: ${error.message}`);
      return 2;
    }
    io.err(`create-ussdkit-app failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/** Without a terminal, the command line must say everything but the package manager. */
function given(args: CliArgs, detected: PackageManager): Answers {
  if (args.directory === undefined || args.template === undefined) {
    throw new UsageError(
      'Give a directory and --template when not run in a terminal, e.g. create-ussdkit-app my-app --template hono.',
    );
  }
  return {
    directory: args.directory,
    template: args.template,
    packageManager: args.packageManager ?? detected,
  };
}

function nextSteps(directory: string, answers: Answers): string {
  const { install, run } = packageManagerWords(answers.packageManager);
  const near = relative(process.cwd(), directory);
  const cd = near.startsWith('..') ? directory : near || '.';
  return `
Created ${directory} from the ${answers.template} template.

Next:
  cd ${cd}
  ${install}
  ${`${run} dev`.padEnd(12)}  # the app on the sandbox and its web phone, reloaded as you edit: dial *384*1#
  ${`${answers.packageManager} test`.padEnd(12)}  # its tests`;
}
