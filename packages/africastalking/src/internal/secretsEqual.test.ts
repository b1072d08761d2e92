import { describe, expect, it } from 'vitest';
import { secretsEqual } from './secretsEqual';

describe('secretsEqual', () => {
  it.each([
    ['s3cret', 's3cret', true],
    ['s3cre', 's3cret', false],
    ['s3cret!', 's3cret', false],
    ['', 's3cret', false],
    ['S3cret', 's3cret', false],
    ['é', 'é', true],
  ])('%j and %j: %s', (given, expected, equal) => {
    expect(secretsEqual(given, expected)).toBe(equal);
  });
});
