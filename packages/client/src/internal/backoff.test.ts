import { describe, expect, it } from 'vitest';
import { backoffDelay, retryAfterMs, sleep } from './backoff';

/** An answer with these headers, as the senders give it. */
const answer = (init: Record<string, string> = {}) => {
  const headers = new Headers(init);
  return { header: (name: string) => headers.get(name) ?? undefined };
};

describe('backoffDelay', () => {
  it('doubles from the initial delay, capped, with at most 25% jitter off', () => {
    for (let attempt = 0; attempt < 8; attempt++) {
      const full = Math.min(100 * 2 ** attempt, 1000);
      const delay = backoffDelay(attempt, { initialDelayMs: 100, maxDelayMs: 1000 });
      expect(delay).toBeLessThanOrEqual(full);
      expect(delay).toBeGreaterThanOrEqual(full * 0.75);
    }
  });
});

describe('retryAfterMs', () => {
  it('reads seconds, milliseconds and HTTP dates', () => {
    expect(retryAfterMs(answer({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterMs(answer({ 'retry-after-ms': '150' }))).toBe(150);
    const now = Date.parse('2026-01-01T00:00:00Z');
    const date = new Date(now + 5000).toUTCString();
    expect(retryAfterMs(answer({ 'retry-after': date }), now)).toBe(5000);
  });

  it('ignores absent, invalid and over-long values', () => {
    expect(retryAfterMs(undefined)).toBeUndefined();
    expect(retryAfterMs(answer())).toBeUndefined();
    expect(retryAfterMs(answer({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(answer({ 'retry-after': '3600' }))).toBeUndefined();
  });
});

describe('sleep', () => {
  it('rejects with the reason when aborted', async () => {
    const controller = new AbortController();
    const waiting = sleep(10_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
  });
});
