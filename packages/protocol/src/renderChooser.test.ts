import { describe, expect, it } from 'vitest';
import { renderChooser } from './renderChooser';

describe('renderChooser', () => {
  const items = [
    { accessKey: '1', label: 'Buy airtime' },
    { accessKey: '2', label: 'Buy data' },
  ];

  it('renders the title line then one line per item with the default separator', () => {
    expect(renderChooser({ title: 'Welcome', items })).toBe('Welcome\n1. Buy airtime\n2. Buy data');
  });

  it('uses a given separator and leaves out an empty title', () => {
    expect(renderChooser({ title: '', items, separator: ') ' })).toBe(
      '1) Buy airtime\n2) Buy data',
    );
  });
});
