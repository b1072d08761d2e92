import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A folder under the OS temp dir: outside the workspace, so no workspace link or condition. */
export function tempFolder(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `ussdkit-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Runs a command in `cwd`; its output is returned, and on failure shown with the command. */
export function run(
  cwd: string,
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; timeout?: number } = {},
): string {
  try {
    return execFileSync(command, args, {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, ...options.env },
      timeout: options.timeout ?? 240_000,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout}${stderr}`, {
      cause: error,
    });
  }
}

/**
 * The outcome of `tsc -p <project> --noEmit`: whether it passed, and its diagnostics (each
 * `error TS…` line with the lines that continue it), paths relative to the project.
 */
export function typeCheck(cwd: string, tsc: string, project: string) {
  try {
    execFileSync(process.execPath, [tsc, '-p', project, '--noEmit', '--pretty', 'false'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 180_000,
    });
    return { ok: true, errors: [] as string[] };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    // A diagnostic starts at its `error TS…` line; indented lines below it continue it.
    const errors = `${stdout}${stderr}`
      .split(/\n(?=\S)/)
      .filter((entry) => /error TS\d+/.test(entry));
    return { ok: false, errors: errors.length > 0 ? errors : [`${stdout}${stderr}`] };
  }
}
