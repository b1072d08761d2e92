import type { Readable, Writable } from 'node:stream';
import { cancel, intro, isCancel, select, text } from '@clack/prompts';
import type { CliArgs } from '../parseCliArgs';
import type { PackageManager, Template } from '../templates';
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
  const template =
    args.template ??
    (await select<Template>({
      message: 'Which template?',
      options: [
        { value: 'express', label: 'Express', hint: 'Node server, Dockerfile' },
        { value: 'hono', label: 'Hono', hint: 'Node server, Dockerfile' },
        { value: 'workers', label: 'Cloudflare Workers', hint: 'sessions in a Durable Object' },
      ],
      ...terminal,
    }));
  if (isCancel(template)) return cancelled(terminal);
  const packageManager =
    args.packageManager ??
    (await select<PackageManager>({
      message: 'Which package manager?',
      initialValue: detected,
      options: [
        { value: 'npm', label: 'npm' },
        { value: 'pnpm', label: 'pnpm' },
      ],
      ...terminal,
    }));
  if (isCancel(packageManager)) return cancelled(terminal);
  return { directory, template, packageManager };
}

function cancelled(terminal: Terminal): undefined {
  cancel('Cancelled: nothing was written.', terminal);
  return undefined;
}
