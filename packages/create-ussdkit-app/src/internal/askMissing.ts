import type { Readable, Writable } from 'node:stream';
import { cancel, intro, isCancel, type SelectOptions, select, text } from '@clack/prompts';
import type { CliArgs } from '../parseCliArgs';
import { type PackageManager, packageManagers, type Template, templates } from '../templates';
import { checkTarget } from './checkTarget';

/** The answers a project needs. */
export interface Answers {
  readonly directory: string;
  readonly template: Template;
  readonly packageManager: PackageManager;
}

/** The terminal: stdin and stdout unless a test gives its own streams. */
export interface Terminal {
  readonly input?: Readable;
  readonly output?: Writable;
}

/** How the template menu shows each template. */
const templateChoices: Record<Template, { readonly label: string; readonly hint: string }> = {
  express: { label: 'Express', hint: 'Node server, Dockerfile' },
  hono: { label: 'Hono', hint: 'Node server, Dockerfile' },
  workers: { label: 'Cloudflare Workers', hint: 'sessions in a Durable Object' },
};

/** The command line's choice when it made one, else the user's pick from `menu`. */
function choose<T extends string>(given: T | undefined, menu: SelectOptions<T>) {
  return given === undefined ? select(menu) : Promise.resolve(given);
}

/**
 * Asks, in the terminal, for what the command line left out (@clack/prompts: arrow-key menus).
 * Resolves `undefined` when the user cancels (Ctrl-C, Escape).
 */
export async function askMissing(
  args: CliArgs,
  detected: PackageManager,
  terminal: Terminal = {},
): Promise<Answers | undefined> {
  intro('create-ussdkit-app', terminal);
  const directory =
    args.directory ??
    (await text({
      message: 'Where should the project go?',
      placeholder: 'my-ussd-app',
      defaultValue: 'my-ussd-app',
      // Refused at once, rather than after every other question.
      validate: (value) => {
        try {
          checkTarget(value || 'my-ussd-app');
          return undefined;
        } catch (error) {
          return (error as Error).message;
        }
      },
      ...terminal,
    }));
  if (isCancel(directory)) return cancelled(terminal);
  const template = await choose(args.template, {
    message: 'Which template?',
    options: templates.map((value) => ({ value, ...templateChoices[value] })),
    ...terminal,
  });
  if (isCancel(template)) return cancelled(terminal);
  const packageManager = await choose(args.packageManager, {
    message: 'Which package manager?',
    initialValue: detected,
    options: packageManagers.map((value) => ({ value })),
    ...terminal,
  });
  if (isCancel(packageManager)) return cancelled(terminal);
  return { directory, template, packageManager };
}

function cancelled(terminal: Terminal): undefined {
  cancel('Cancelled: nothing was written.', terminal);
  return undefined;
}
