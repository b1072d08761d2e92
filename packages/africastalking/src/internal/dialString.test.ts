import { parseShortcode } from '@ussdkit/protocol';
import { describe, expect, it } from 'vitest';
import { dialString } from './dialString';

describe('dialString', () => {
  it.each([
    ['*384*1234#', '', '*384*1234#'],
    ['*384*1234#', '5', '*384*1234*5#'],
    ['*384*1234#', '6*1', '*384*1234*6*1#'],
    ['*384*1234', '', '*384*1234#'],
    ['*789#', '', '*789#'],
  ])('serviceCode %j and text %j dial %j', (serviceCode, text, dialled) => {
    expect(dialString(serviceCode, text)).toBe(dialled);
  });

  it('gives the router the segments after the code as its dial entries see them', () => {
    expect(parseShortcode(dialString('*384*1234#', '6*1')).segments).toEqual(['6', '1']);
  });
});
