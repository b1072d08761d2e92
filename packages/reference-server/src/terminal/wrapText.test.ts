import { describe, expect, it } from 'vitest';
import { wrapText } from './wrapText';

describe('wrapText', () => {
  it('moves whole words to the next line', () => {
    expect(wrapText('Choose a product to buy', 10)).toEqual(['Choose a', 'product to', 'buy']);
  });

  it('keeps line breaks and empty lines', () => {
    expect(wrapText('Menu\n\n1. Airtime', 20)).toEqual(['Menu', '', '1. Airtime']);
    expect(wrapText('a\r\nb', 5)).toEqual(['a', 'b']);
  });

  it('cuts a word longer than a line', () => {
    expect(wrapText('ref 1234567890123 ok', 6)).toEqual(['ref', '123456', '789012', '3 ok']);
  });

  it('answers one empty line for an empty text', () => {
    expect(wrapText('', 10)).toEqual(['']);
  });

  it('refuses a width that is not a positive integer', () => {
    expect(() => wrapText('x', 0)).toThrow(RangeError);
    expect(() => wrapText('x', 2.5)).toThrow(RangeError);
  });
});
