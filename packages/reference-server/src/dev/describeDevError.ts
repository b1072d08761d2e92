import { inspect } from 'node:util';
import type { SessionReport } from '../gateway/index';
import type { CapturedError } from './captureRouterErrors';

/**
 * A stack as the developer wrote the code: tsx loads each version of a module under a URL of its
 * own (`?namespace=<id>`, or a `data:` URL naming the `filePath` for CommonJS); the file's path
 * is what helps.
 */
function readableStack(stack: string): string {
  return stack
    .replace(/data:text\/javascript,.*?\?filePath=([^\s):]+)/g, (_all, path: string) =>
      decodeURIComponent(path),
    )
    .replace(/(\?|%3F)namespace(=|%3D)[0-9a-f-]+/gi, '');
}

/**
 * The terminal's account of an error `dev` heard: the router's sentence (event, session, screen
 * name), the screen the phone showed when the customer answered, the customer's inputs from the
 * dial on (a secret shows as `••••`), then the error with its stack.
 *
 * @example
 * ```ts
 * io.err(describeDevError(captured, report));
 * ```
 */
export function describeDevError(
  captured: CapturedError,
  report: Pick<SessionReport, 'transcript'> | undefined,
): string {
  const lines = [`✖ ${captured.sentence}`];
  if (report !== undefined) {
    const shown = report.transcript
      .filter((entry) => entry.from === 'gateway' && entry.text.startsWith('screen: '))
      .at(-1)
      ?.text.slice('screen: '.length);
    const inputs = report.transcript
      .filter((entry) => entry.from === 'phone')
      .map((entry) => entry.text);
    lines.push('  screen on the phone:');
    const screen = shown ?? '(none yet: the error came with the dial)';
    for (const line of screen.split('\n')) lines.push(`  │ ${line}`);
    lines.push(`  customer's inputs: ${inputs.map((input) => JSON.stringify(input)).join(', ')}`);
  }
  const error = captured.error;
  const details =
    error instanceof Error ? readableStack(error.stack ?? String(error)) : inspect(error);
  for (const line of details.split('\n')) lines.push(`  ${line}`);
  return lines.join('\n');
}
