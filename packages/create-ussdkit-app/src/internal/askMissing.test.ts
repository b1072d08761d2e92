import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { askMissing } from './askMissing';

const enter = '\r';
const down = '\u001b[B';
const escapeKey = '\u001b';

/**
 * A terminal that types each step's keys once the screen shows the step's question: the keys
 * reach the prompt that asks, never one before it is listening.
 */
function terminal(script: [question: string, keys: string][]) {
  const input = new PassThrough();
  const output = new PassThrough();
  let screen = '';
  let sinceLastStep = '';
  let step = 0;
  output.on('data', (chunk: Buffer) => {
    screen += chunk.toString();
    sinceLastStep += chunk.toString();
    const next = script[step];
    if (next !== undefined && sinceLastStep.includes(next[0])) {
      step += 1;
      sinceLastStep = '';
      setImmediate(() => input.write(next[1]));
    }
  });
  return { input, output, screen: () => screen };
}

describe('askMissing', () => {
  it('asks for the directory, the template and the package manager', async () => {
    const term = terminal([
      ['Where should the project go?', `my-app${enter}`],
      ['Which template?', `${down}${enter}`],
      ['Which package manager?', `${down}${enter}`],
    ]);
    const answers = await askMissing({ help: false, version: false }, 'npm', term);
    expect(answers).toEqual({ directory: 'my-app', template: 'hono', packageManager: 'pnpm' });
    expect(term.screen()).toContain('Which template?');
  });

  it('asks only for what the command line left out, offering the detected package manager', async () => {
    const term = terminal([['Which package manager?', enter]]);
    const answers = await askMissing(
      { directory: 'x', template: 'workers', help: false, version: false },
      'pnpm',
      term,
    );
    expect(answers).toEqual({ directory: 'x', template: 'workers', packageManager: 'pnpm' });
    expect(term.screen()).not.toContain('Which template?');
  });

  it('resolves undefined when cancelled', async () => {
    const term = terminal([['Which template?', escapeKey]]);
    const answers = await askMissing({ directory: 'x', help: false, version: false }, 'npm', term);
    expect(answers).toBeUndefined();
    expect(term.screen()).toContain('Cancelled: nothing was written.');
  });

  it('refuses a directory that is not empty as soon as it is typed', async () => {
    const busy = mkdtempSync(join(tmpdir(), 'create-ussdkit-app-busy-'));
    writeFileSync(join(busy, 'notes.txt'), 'mine');
    try {
      const term = terminal([
        ['Where should the project go?', `${busy}${enter}`],
        ['is not empty', escapeKey],
      ]);
      expect(await askMissing({ help: false, version: false }, 'npm', term)).toBeUndefined();
      expect(term.screen()).not.toContain('Which template?');
    } finally {
      rmSync(busy, { recursive: true, force: true });
    }
  });
});
