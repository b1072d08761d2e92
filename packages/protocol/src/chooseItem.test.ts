import { describe, expect, it } from 'vitest';
import { chooseItem } from './chooseItem';

describe('chooseItem', () => {
  const view = {
    title: 'Menu',
    items: [
      { accessKey: '1', label: 'Buy airtime' },
      { accessKey: '2', label: 'Buy data' },
      { accessKey: '98', label: 'More' },
    ],
  };

  it('spec: "The customer must enter text equal to one accessKey."', () => {
    expect(chooseItem(view, '1')).toEqual({ accessKey: '1', label: 'Buy airtime' });
    expect(chooseItem(view, '98')).toEqual({ accessKey: '98', label: 'More' });
  });

  it('spec: "On invalid input the service asks the customer to retry without calling the application." Text that only looks like a key picks nothing', () => {
    for (const text of [' 1', '1 ', '01', '1.', '9', '', 'Buy airtime', '1*2']) {
      expect(chooseItem(view, text), JSON.stringify(text)).toBeUndefined();
    }
  });

  it('compares accessKeys exactly, letters included', () => {
    const letters = { items: [{ accessKey: 'a', label: 'Yes' }] };
    expect(chooseItem(letters, 'a')).toBe(letters.items[0]);
    expect(chooseItem(letters, 'A')).toBeUndefined();
  });
});
