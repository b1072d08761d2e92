import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeadlineQueue, timedOut } from './DeadlineQueue';

const later = <T>() => {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('DeadlineQueue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const queue = () => new DeadlineQueue(100, () => Date.now());

  it('gives the work value when it settles in time, and its error when it fails', async () => {
    const deadlines = queue();
    await expect(deadlines.race(Promise.resolve(7))).resolves.toBe(7);
    await expect(deadlines.race(Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(vi.getTimerCount()).toBeLessThanOrEqual(1);
  });

  it('times out each late entry at its own deadline, in order, on one timer', async () => {
    const deadlines = queue();
    const first = later<string>();
    const second = later<string>();
    const third = later<string>();
    const results: unknown[] = [];
    void deadlines.race(first.promise).then((value) => results.push(['first', value]));
    await vi.advanceTimersByTimeAsync(40);
    void deadlines.race(second.promise).then((value) => results.push(['second', value]));
    void deadlines.race(third.promise).then((value) => results.push(['third', value]));
    expect(vi.getTimerCount()).toBe(1);
    third.resolve('done');
    await vi.advanceTimersByTimeAsync(59);
    expect(results).toEqual([['third', 'done']]);
    await vi.advanceTimersByTimeAsync(1);
    expect(results).toEqual([
      ['third', 'done'],
      ['first', timedOut],
    ]);
    await vi.advanceTimersByTimeAsync(40);
    expect(results).toEqual([
      ['third', 'done'],
      ['first', timedOut],
      ['second', timedOut],
    ]);
    second.resolve('too late');
    await vi.advanceTimersByTimeAsync(1000);
    expect(results).toHaveLength(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('handles a work that fails after its deadline (no unhandled rejection)', async () => {
    const deadlines = queue();
    const slow = later<string>();
    const raced = deadlines.race(slow.promise);
    await vi.advanceTimersByTimeAsync(100);
    await expect(raced).resolves.toBe(timedOut);
    slow.reject(new Error('late failure'));
    await vi.advanceTimersByTimeAsync(1);
  });

  it('starts again after going idle', async () => {
    const deadlines = queue();
    await deadlines.race(Promise.resolve(1));
    await vi.advanceTimersByTimeAsync(500);
    const late = deadlines.race(later<number>().promise);
    await vi.advanceTimersByTimeAsync(100);
    await expect(late).resolves.toBe(timedOut);
  });

  it('works where setTimeout returns a number (workerd, Deno, browsers): no ref or unref', async () => {
    const fake = setTimeout;
    // The fake timers' handles are objects; hand out numbers as those runtimes do.
    const handles = new Map<number, ReturnType<typeof setTimeout>>();
    let next = 1;
    vi.stubGlobal('setTimeout', (fn: () => void, ms: number) => {
      const id = next++;
      handles.set(id, fake(fn, ms));
      return id;
    });
    try {
      const deadlines = queue();
      await expect(deadlines.race(Promise.resolve('fast'))).resolves.toBe('fast');
      const slow = deadlines.race(later<string>().promise);
      await vi.advanceTimersByTimeAsync(100);
      await expect(slow).resolves.toBe(timedOut);
      expect(handles.size).toBeGreaterThan(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('gives each deadline its own timer on workerd, which binds timers to their request', async () => {
    vi.stubGlobal('navigator', { userAgent: 'Cloudflare-Workers' });
    try {
      const deadlines = queue();
      const first = deadlines.race(later<string>().promise);
      const second = deadlines.race(later<string>().promise);
      expect(vi.getTimerCount()).toBe(2);
      await vi.advanceTimersByTimeAsync(100);
      await expect(first).resolves.toBe(timedOut);
      await expect(second).resolves.toBe(timedOut);
      await expect(deadlines.race(Promise.resolve('fast'))).resolves.toBe('fast');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
