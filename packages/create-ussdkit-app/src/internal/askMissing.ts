import { cancel, intro, isCancel, select, text } from '@clack/prompts';
import type { CliArgs } from '../parseCliArgs';
import type { PackageManager, Template } from '../templates';

/** The answers a project needs. */
export interface Answers {
  readonly directory: string;
  readonly template: Template;
  readonly packageManager: PackageManager;
}

/**
 * Asks, in the terminal, for what the command line left out (@clack/prompts: arrow-key menus).
 * Resolves `undefined` when the user cancels (Ctrl-C, Escape).
 */
export async function askMissing(
  args: CliArgs,
  detected: PackageManager,
): Promise<Answers | undefined> {
  intro('create-ussdkit-app');
  const directory =
    args.directory ??
    (await text({
      message: 'Where should the project go?',
      placeholder: 'my-ussd-app',
      defaultValue: 'my-ussd-app',
    }));
  if (isCancel(directory)) return cancelled();
  const template =
    args.template ??
    (await select<Template>({
      message: 'Which template?',
      options: [
        { value: 'express', label: 'Express', hint: 'Node server, Dockerfile' },
        { value: 'hono', label: 'Hono', hint: 'Node server, Dockerfile' },
        { value: 'workers', label: 'Cloudflare Workers', hint: 'sessions in a Durable Object' },
      ],
    }));
  if (isCancel(template)) return cancelled();
  const packageManager =
    args.packageManager ??
    (await select<PackageManager>({
      message: 'Which package manager?',
      initialValue: detected,
      options: [
        { value: 'npm', label: 'npm' },
        { value: 'pnpm', label: 'pnpm' },
      ],
    }));
  if (isCancel(packageManager)) return cancelled();
  return { directory, template, packageManager };
}

function cancelled(): undefined {
  cancel('Cancelled: nothing was written.');
  return undefined;
}
