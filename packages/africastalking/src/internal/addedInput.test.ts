import { describe, expect, it } from 'vitest';
import { addedInput } from './addedInput';

describe('addedInput', () => {
  it.each([
    ['', '1', '1'],
    ['', '*123#', '*123#'],
    ['1', '1*500', '500'],
    ['1*500', '1*500*1*2', '1*2'],
    ['1*500', '1*500*', ''],
    ['1*500', '1*500**', '*'],
    ['5', '5*2', '2'],
  ])('previous %j, text %j: the input is %j', (previous, text, input) => {
    expect(addedInput(previous, text)).toBe(input);
  });

  it.each([
    ['1', '2*1'],
    ['1*2', '1*3*4'],
    ['12', '1*2'],
    ['1', '1'],
  ])('previous %j, text %j: no input can be told', (previous, text) => {
    expect(addedInput(previous, text)).toBeUndefined();
  });
});
