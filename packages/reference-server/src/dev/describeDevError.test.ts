import { describe, expect, it } from 'vitest';
import { describeDevError } from './describeDevError';

const transcript = [
  { at: 1, from: 'phone' as const, text: '*384*1#' },
  { at: 1, from: 'gateway' as const, text: 'new dev {}' },
  { at: 1, from: 'gateway' as const, text: 'screen: Menu\n1. Buy' },
  { at: 2, from: 'phone' as const, text: '1' },
  { at: 2, from: 'gateway' as const, text: 'screen: PIN?' },
  { at: 3, from: 'phone' as const, text: '••••' },
];

describe('describeDevError', () => {
  it('shows the sentence, the last screen, the inputs and a stack with file paths', () => {
    const error = new Error('boom');
    error.stack = [
      'Error: boom',
      '    at next (file:///home/me/app.ts?namespace=1b2c-3d4e:14:7)',
      '    at next (data:text/javascript,var%20a%3D(1)%3B?filePath=%2Fhome%2Fme%2Fold.ts:2:9)',
    ].join('\n');
    const text = describeDevError(
      { sentence: 'ussdkit: the continue event failed on screen "pin"', error },
      { transcript },
    );
    expect(text).toBe(
      [
        '✖ ussdkit: the continue event failed on screen "pin"',
        '  screen on the phone:',
        '  │ PIN?',
        `  customer's inputs: "*384*1#", "1", "••••"`,
        '  Error: boom',
        '      at next (file:///home/me/app.ts:14:7)',
        '      at next (/home/me/old.ts:2:9)',
      ].join('\n'),
    );
  });

  it('says when the error came with the dial', () => {
    const text = describeDevError(
      { sentence: 'ussdkit: the new event failed', error: 'not an Error' },
      { transcript: transcript.slice(0, 2) },
    );
    expect(text).toContain('  │ (none yet: the error came with the dial)');
    expect(text).toContain(`  customer's inputs: "*384*1#"`);
    expect(text).toContain("  'not an Error'");
  });
});
