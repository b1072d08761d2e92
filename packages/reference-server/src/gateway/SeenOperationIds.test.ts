import { describe, expect, it } from 'vitest';
import { SeenOperationIds } from './SeenOperationIds';

describe('SeenOperationIds', () => {
  it('holds a key for the window of sandbox time, then forgets it', () => {
    let now = 0;
    const seen = new SeenOperationIds({ operationIds: 10, seconds: 60 }, () => now);
    seen.add('a');
    now = 59_999;
    expect(seen.has('a')).toBe(true);
    now = 60_000;
    expect(seen.has('a')).toBe(false);
    seen.add('b');
    expect(seen.size).toBe(1);
  });

  it('keeps the latest keys up to the count, dropping the oldest first', () => {
    const seen = new SeenOperationIds({ operationIds: 3, seconds: 60 }, () => 0);
    for (const key of ['a', 'b', 'c', 'd']) seen.add(key);
    expect(['a', 'b', 'c', 'd'].map((key) => seen.has(key))).toEqual([false, true, true, true]);
    expect(seen.size).toBe(3);
  });

  it('moves a key used again after it was forgotten to the end of the window', () => {
    let now = 0;
    const seen = new SeenOperationIds({ operationIds: 10, seconds: 60 }, () => now);
    seen.add('a');
    now = 30_000;
    seen.add('b');
    now = 61_000;
    seen.add('a');
    now = 91_000;
    expect(seen.has('a')).toBe(true);
    expect(seen.has('b')).toBe(false);
  });
});
