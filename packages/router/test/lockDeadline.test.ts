// What the router tells a store about the event it locks for (decision 0037): the event's
// deadline, which a Redis store may spend waiting out a failover, and what a long wait costs the
// handlers so that the answer still beats the gateway.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp, DEFAULT_MESSAGES } from '../src/index';
import type { SessionStore, WithLockOptions } from '../src/SessionStore';
import { memoryStore } from '../src/stores/memoryStore';
import { gateway, screenOf } from './gateway';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A memory store whose lock is granted `waitMs` after it is asked for, as a Redis store's while
 * it waits out a failover, and that bounds its wait for another event to `lockWaitMs`.
 */
function slowLockStore(waitMs: number, lockWaitMs: number) {
  const inner = memoryStore();
  const asked: (WithLockOptions | undefined)[] = [];
  const store: SessionStore = {
    load: inner.load,
    save: inner.save,
    delete: inner.delete,
    lockWaitMs,
    async withLock(sessionId, task, options) {
      asked.push(options);
      await sleep(waitMs);
      return inner.withLock(sessionId, task, options);
    },
  };
  return { store, asked };
}

describe('the lock an event asks its store for', () => {
  it("carries the event's deadline: its arrival plus deadlineMs, for every event", async () => {
    const { store, asked } = slowLockStore(0, 100);
    const app = createApp({
      state: z.object({}),
      start: 'ask',
      store,
      deadlineMs: 2_000,
      screens: ({ input, info }) => ({
        ask: input({ text: 'Name?', next: 'bye' }),
        bye: info({ text: 'Bye' }),
      }),
    });
    const phone = gateway(app);
    const times: [number, number][] = [];
    const timed = async (send: () => Promise<unknown>) => {
      const before = Date.now();
      await send();
      times.push([before, Date.now()]);
    };
    await timed(() => phone.dial());
    await timed(() => phone.send('Ada'));
    await timed(() => phone.close());
    expect(asked).toHaveLength(3);
    for (const [i, [before, after]] of times.entries()) {
      const deadline = asked[i]?.deadline ?? 0;
      expect(deadline).toBeGreaterThanOrEqual(before + 2_000);
      expect(deadline).toBeLessThanOrEqual(after + 2_000);
    }
  });

  it("takes the time the store waited past its lockWaitMs off the handlers' deadline, so the answer beats the gateway", async () => {
    // The store waits 1.5 s (a failover), 1.4 s past its lock wait: the handlers, which never
    // finish, get 200 ms of their 1.6 s, and the answer comes within the gateway's 2.5 s.
    const lockWaitMs = 100;
    const deadlineMs = 1_600;
    const gatewayBudgetMs = 2_500;
    const { store } = slowLockStore(1_500, lockWaitMs);
    let aborted: unknown;
    const app = createApp({
      state: z.object({}),
      start: 'stuck',
      store,
      deadlineMs,
      gatewayBudgetMs,
      screens: ({ input }) => ({
        stuck: input({
          text: (ctx) =>
            new Promise<string>((resolve) => {
              ctx.signal.addEventListener('abort', () => {
                aborted = ctx.signal.reason;
                resolve('too late');
              });
            }),
          next: 'stuck',
        }),
      }),
    });
    const started = Date.now();
    const answer = await gateway(app).dial();
    const took = Date.now() - started;
    expect(screenOf(answer)).toBe(DEFAULT_MESSAGES.deadline);
    expect(took).toBeLessThan(gatewayBudgetMs);
    expect(String(aborted)).toMatch(/passed deadlineMs \(\d+ ms\)/);
  });
});
