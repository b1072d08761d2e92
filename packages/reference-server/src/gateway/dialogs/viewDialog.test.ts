import { describe, expect, it } from 'vitest';
import { viewDialog } from './viewDialog';

describe('viewDialog', () => {
  it('hands any InputView text back as InputResult', () => {
    const step = viewDialog({ type: 'InputView', message: 'Amount?' });
    expect(step.type === 'ask' && step.next.answer(' 50 ')).toEqual({
      type: 'done',
      result: { type: 'InputResult', value: ' 50 ' },
    });
  });

  it('re-asks a chooser on an invalid choice, spaces included, and takes the exact accessKey', () => {
    const step = viewDialog({
      type: 'ChooserView',
      title: 'Pick',
      items: [{ accessKey: 'A', label: 'Alpha' }],
    });
    if (step.type !== 'ask') throw new Error('expected a question');
    expect(step.screen).toBe('Pick\nA. Alpha');
    const retry = step.next.answer('a');
    expect(retry).toMatchObject({
      type: 'ask',
      screen: 'Invalid choice. Try again.\nPick\nA. Alpha',
    });
    expect(step.next.answer(' A ')).toMatchObject({ type: 'ask' });
    expect(step.next.answer('A')).toEqual({
      type: 'done',
      result: { type: 'InputResult', value: 'A' },
    });
  });
});
