import { describe, expect, it } from 'vitest';
import { FRAME_WIDTH, frameScreen } from './frameScreen';

describe('frameScreen', () => {
  it('draws a box with the short code and state, then the wrapped screen', () => {
    expect(
      frameScreen('Welcome to the shop of the day\n1. Airtime', {
        width: 16,
        title: '*384*1#',
        status: 'open',
        footer: 'reply',
      }),
    ).toBe(
      [
        '┌──────────────────┐',
        '│ *384*1#     open │',
        '├──────────────────┤',
        '│ Welcome to the   │',
        '│ shop of the day  │',
        '│ 1. Airtime       │',
        '├──────────────────┤',
        '│ reply            │',
        '└──────────────────┘',
      ].join('\n'),
    );
  });

  it('is 30 characters wide inside by default, every line the same length', () => {
    const lines = frameScreen('Hi').split('\n');
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(line).toHaveLength(FRAME_WIDTH + 4);
  });

  it('cuts a top bar longer than the frame', () => {
    const bar = frameScreen('x', { width: 10, title: '*384*123*456#', status: 'open' }).split(
      '\n',
    )[1];
    expect(bar).toBe('│ *384*123*4 │');
  });
});
