import { describe, expect, it } from 'vitest';
import { redisLockRequests } from './redisLockRequests';

/** A reply the test settles by hand, as Redis would answer a request late. */
function reply() {
  let resolve!: (value: unknown) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<unknown>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('redisLockRequests', () => {
  it('releases nothing for an event that held the lock through its one request', async () => {
    let released = 0;
    const requests = redisLockRequests(() => {
      released += 1;
    });
    const only = reply();
    requests.watch(only.promise);
    only.resolve([1, null]);
    await tick();
    requests.won();
    requests.end(true);
    await tick();
    expect(released).toBe(0);
  });

  it('releases the lock when a request it gave up on takes it after the event', async () => {
    let released = 0;
    const requests = redisLockRequests(() => {
      released += 1;
    });
    const abandoned = reply();
    const second = reply();
    requests.watch(abandoned.promise);
    requests.watch(second.promise);
    second.resolve([1, null]);
    await tick();
    requests.won();
    requests.end(true);
    expect(released).toBe(0);
    // Sent again by the client through the failover, it lands after the event's own release.
    abandoned.resolve([1, '{"flowVersion":"v"}']);
    await tick();
    expect(released).toBe(1);
  });

  it('releases at the end a lock a stray request took before it, and after a request that failed', async () => {
    let released = 0;
    const requests = redisLockRequests(() => {
      released += 1;
    });
    const early = reply();
    const failed = reply();
    const winner = reply();
    requests.watch(early.promise);
    requests.watch(failed.promise);
    requests.watch(winner.promise);
    early.resolve([1, null]);
    winner.resolve([1, null]);
    await tick();
    requests.won();
    requests.end(true);
    expect(released).toBe(1);
    // Whether it ran before the connection dropped is unknown: the token is released again.
    failed.reject(new Error('Connection is closed.'));
    await tick();
    expect(released).toBe(2);
  });

  it('releases at once when the event ends without the lock, and again for each late taker', async () => {
    let released = 0;
    const requests = redisLockRequests(() => {
      released += 1;
    });
    const late = reply();
    const refused = reply();
    requests.watch(late.promise);
    requests.watch(refused.promise);
    refused.resolve([0]);
    await tick();
    requests.end(false);
    expect(released).toBe(1);
    late.resolve([1, null]);
    await tick();
    expect(released).toBe(2);
  });
});
