import { describe, expect, it } from 'vitest';
import { readAtAnswer } from './readAtAnswer';

describe('readAtAnswer', () => {
  it.each([
    ['CON Pick one\n1. Airtime', { keyword: 'CON', screen: 'Pick one\n1. Airtime' }],
    ['END Thank you', { keyword: 'END', screen: 'Thank you' }],
    ['END\nThank you', { keyword: 'END', screen: 'Thank you' }],
    ['CON  two spaces', { keyword: 'CON', screen: ' two spaces' }],
    ['END', { keyword: 'END', screen: '' }],
  ])('reads %j', (body, expected) => {
    expect(readAtAnswer(body)).toEqual(expected);
  });

  it.each(['', 'Hello', 'CONTINUE', 'con Pick one', ' CON Pick one', '{"action":{}}'])(
    'refuses %j',
    (body) => {
      expect(readAtAnswer(body)).toBeUndefined();
    },
  );
});
