import { PassThrough, Writable } from 'node:stream';
import { type RunDialOptions, runDial } from '../../src/terminal/index';

/**
 * Runs the terminal phone (`runDial`) through in-memory streams with `lines` typed, then Ctrl-D;
 * answers its outcome and everything it printed.
 */
export async function dialWith(
  options: Omit<RunDialOptions, 'input' | 'output'>,
  lines: readonly string[],
) {
  const input = new PassThrough();
  let text = '';
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  for (const line of lines) input.write(`${line}\n`);
  input.end();
  const outcome = await runDial({ ...options, input, output });
  return { outcome, text };
}
