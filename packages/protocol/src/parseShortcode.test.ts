import { describe, expect, it } from 'vitest';
import { parseShortcode, ShortcodeError } from './parseShortcode';

describe('parseShortcode', () => {
  it('splits main code, app code and segments', () => {
    expect(parseShortcode('*384*12*5#')).toEqual({
      mainCode: '384',
      appCode: '12',
      segments: ['5'],
      shortcode: '384*12',
    });
    expect(parseShortcode('*384*1#').segments).toEqual([]);
  });

  it.each([
    ['384*12#', 'must start with "*"'],
    ['*384*12', 'must end with "#"'],
    ['*384#', 'needs a main code and an app code'],
    ['*384**5#', 'part 2 is empty'],
    ['*384*1a#', 'must be digits only'],
    ['*#', 'part 1 is empty'],
  ])('rejects %s', (dial, reason) => {
    expect(() => parseShortcode(dial)).toThrow(ShortcodeError);
    expect(() => parseShortcode(dial)).toThrow(reason);
  });
});
