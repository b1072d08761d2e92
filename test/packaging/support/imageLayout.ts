import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';

/** What a single-stage Dockerfile does, read closely enough to lay its image out without Docker. */
export interface ImageSteps {
  readonly workdir: string;
  /** Each `RUN`, in order. */
  readonly run: readonly string[];
  /** The `CMD`, exec form. */
  readonly cmd: readonly string[];
  readonly env: Readonly<Record<string, string>>;
}

/**
 * Lays out, under `root`, the files a single-stage Dockerfile copies into its image: each
 * `COPY [--from=<context>] <sources…> <destination>` from `contexts['.']` (the build context) or
 * from the named context, with globs, into the path it names (relative ones under `WORKDIR`).
 * Docker itself needs a daemon this machine does not run; what the test then does with the steps
 * (RUN, CMD) is up to it.
 */
export function layOutImage(
  dockerfile: string,
  root: string,
  contexts: Readonly<Record<string, string>>,
): ImageSteps {
  let workdir = '/';
  const run: string[] = [];
  const env: Record<string, string> = {};
  let cmd: string[] = [];
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  for (const line of lines) {
    const [keyword = '', ...words] = line.split(/\s+/);
    const rest = line.slice(keyword.length).trim();
    switch (keyword.toUpperCase()) {
      case 'WORKDIR':
        workdir = posix.resolve(workdir, rest);
        break;
      case 'ENV': {
        const [name = '', value = ''] = rest.split('=');
        env[name] = value;
        break;
      }
      case 'RUN':
        run.push(rest);
        break;
      case 'CMD':
        cmd = JSON.parse(rest) as string[];
        break;
      case 'COPY': {
        const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length);
        const paths = words.filter((word) => !word.startsWith('--'));
        const destination = posix.resolve(workdir, paths.pop() ?? '.');
        const context = contexts[from ?? '.'];
        if (context === undefined) throw new Error(`no build context ${from} for: ${line}`);
        for (const source of paths) {
          const matches = expand(source, context);
          if (matches.length === 0) throw new Error(`COPY ${source}: nothing in ${context}`);
          for (const match of matches) {
            const target =
              paths.length === 1 && matches.length === 1 && !destinationIsFolder(line)
                ? join(root, destination)
                : join(root, destination, posix.basename(match));
            mkdirSync(dirname(target), { recursive: true });
            cpSync(join(context, match), target, { recursive: true });
          }
        }
        break;
      }
    }
  }
  return { workdir, run, cmd, env };
}

/** `COPY a b ./` or `COPY x dir/`: the destination is a folder. */
function destinationIsFolder(line: string): boolean {
  return line.trim().endsWith('/') || line.trim().endsWith(' .');
}

/** `*.tgz` -> the names in `context` it matches (one level, as the templates need); else itself. */
function expand(source: string, context: string): string[] {
  if (!source.includes('*')) return existsSync(join(context, source)) ? [source] : [];
  const folder = posix.dirname(source);
  const pattern = new RegExp(
    `^${posix
      .basename(source)
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replaceAll('*', '.*')}$`,
  );
  return readdirSync(join(context, folder))
    .filter((name) => pattern.test(name))
    .map((name) => posix.join(folder, name));
}
