import { describe, expect, it } from 'vitest';
import { createOperationIds } from '../../rules/OperationIds';
import { SeenOperationIds } from './SeenOperationIds';

describe('SeenOperationIds', () => {
  it('holds an id for the window of sandbox time, then gives it back', () => {
    let now = 0;
    const seen = new SeenOperationIds({ operationIds: 10, seconds: 60 }, () => now);
    expect(seen.claim('dev', 'a')).toBe(true);
    now = 59_999;
    expect(seen.claim('dev', 'a')).toBe(false);
    now = 60_000;
    expect(seen.claim('dev', 'b')).toBe(true);
    expect(seen.size).toBe(1);
    expect(seen.claim('dev', 'a')).toBe(true);
  });

  it('keeps the latest ids up to the count, dropping the oldest first', () => {
    const seen = new SeenOperationIds({ operationIds: 3, seconds: 60 }, () => 0);
    for (const id of ['a', 'b', 'c', 'd']) seen.claim('dev', id);
    expect(seen.size).toBe(3);
    expect(['b', 'c', 'd'].map((id) => seen.claim('dev', id))).toEqual([false, false, false]);
    expect(seen.claim('dev', 'a')).toBe(true);
  });

  it('moves an id used again after it was given back to the end of the window', () => {
    let now = 0;
    const seen = new SeenOperationIds({ operationIds: 10, seconds: 60 }, () => now);
    seen.claim('dev', 'a');
    now = 30_000;
    seen.claim('dev', 'b');
    now = 61_000;
    expect(seen.claim('dev', 'a')).toBe(true);
    now = 91_000;
    expect(seen.claim('dev', 'a')).toBe(false);
    expect(seen.claim('dev', 'b')).toBe(true);
  });

  it('claims in the namespace it shares with the other operations, per developer', () => {
    const ids = createOperationIds();
    const seen = new SeenOperationIds({ operationIds: 10, seconds: 60 }, () => 0, ids);
    ids.claim('dev', 'acquired');
    expect(seen.claim('dev', 'acquired')).toBe(false);
    expect(seen.claim('other-dev', 'acquired')).toBe(true);
    expect(seen.claim('dev', 'paid')).toBe(true);
    expect(ids.claim('dev', 'paid')).toBe(false);
  });
});
