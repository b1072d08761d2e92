import { describe, expect, it } from 'vitest';
import { MAX_RETRY_MS, retryDelayMs } from './callbackRetry';

describe('retryDelayMs', () => {
  it('doubles from 1 s and is capped at 10 minutes', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16_000]);
    expect(retryDelayMs(10)).toBe(512_000);
    expect(retryDelayMs(11)).toBe(MAX_RETRY_MS);
    expect(retryDelayMs(40)).toBe(MAX_RETRY_MS);
  });
});
