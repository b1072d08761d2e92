import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gateway, screenOf } from '../../test/gateway';
import { createApp } from '../createApp';

/** A backend call that never answers by itself and stops when `signal` is aborted, as fetch does. */
function slowCall(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

describe('ctx.signal', () => {
  it('is aborted with a TimeoutError when the event passes deadlineMs, stopping a slow call', async () => {
    let stopped: (reason: unknown) => void = () => undefined;
    const stoppedWith = new Promise<unknown>((resolve) => {
      stopped = resolve;
    });
    const app = createApp({
      state: z.object({}),
      start: 'ask',
      deadlineMs: 100,
      onError: () => undefined,
      screens: ({ input, info }) => ({
        ask: input({
          text: 'Account?',
          targets: ['done'],
          next: async (_value, ctx) => {
            await slowCall(ctx.signal).catch((reason: unknown) => {
              stopped(reason);
              throw reason;
            });
            return ctx.go('done');
          },
        }),
        done: info({ text: 'Done' }),
      }),
    });
    const phone = gateway(app);
    await phone.dial();
    const answer = await phone.send('123');
    expect(screenOf(answer)).toBe(
      'We are still working on your request. Please try again shortly.',
    );
    const reason = await stoppedWith;
    expect(reason).toBeInstanceOf(DOMException);
    expect((reason as DOMException).name).toBe('TimeoutError');
    expect((reason as DOMException).message).toBe('the event passed deadlineMs (100 ms)');
  });

  it('is not aborted for a handler that answers in time, nor after', async () => {
    const seen: AbortSignal[] = [];
    const app = createApp({
      state: z.object({}),
      start: 'ask',
      deadlineMs: 100,
      screens: ({ input, info }) => ({
        ask: input({
          text: (ctx) => {
            seen.push(ctx.signal);
            return 'Account?';
          },
          targets: ['done'],
          next: async (_value, ctx) => {
            seen.push(ctx.signal);
            return ctx.go('done');
          },
        }),
        done: info({ text: 'Done' }),
      }),
    });
    const phone = gateway(app);
    await phone.dial();
    expect(screenOf(await phone.send('123'))).toBe('Done');
    // Past the deadline the event would have had: still not aborted.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toHaveLength(2);
    expect(seen.map((signal) => signal.aborted)).toEqual([false, false]);
    expect(seen[0]).not.toBe(seen[1]);
  });
});
