import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApp, memoryStore, type SessionStore } from './index';

/** An app whose state holds a list, so that a kept record's size shows whether it is there. */
function app(store: SessionStore, onClose?: () => void) {
  return createApp({
    store,
    state: z.object({ basket: z.array(z.string()).default([]) }),
    start: 'menu',
    ...(onClose === undefined ? {} : { onClose }),
    screens: ({ chooser, input, info }) => ({
      menu: chooser({ title: 'Menu', items: [{ label: 'Buy', next: 'count' }] }),
      count: input({
        text: 'How many?',
        validate: z.coerce.number(),
        targets: ['done'],
        next: (count, ctx) => {
          ctx.state.basket = Array.from({ length: count }, (_, i) => `item ${i}`);
          return ctx.go('done');
        },
      }),
      done: info({ text: 'Bought.' }),
    }),
  });
}

const begin = { type: 'begin', sessionId: 's', msisdn: '+1', dial: '*1#', step: 1 } as const;
const menu = { type: 'input', sessionId: 's', msisdn: '+1', input: '1', step: 2 } as const;
const buy = { type: 'input', sessionId: 's', msisdn: '+1', input: '50', step: 3 } as const;
const bought = { type: 'screen', text: 'Bought.', ends: true, secret: false };

describe("dispatchText: what a text gateway's session keeps once its final screen is given", () => {
  it("keeps the caller, the last answer and the path's memo, not the app's state; repeats still get the final screen", async () => {
    const store = memoryStore();
    const served = app(store);
    await served.dispatchText(begin);
    await served.dispatchText(menu);
    expect(await served.dispatchText(buy)).toEqual(bought);
    const kept = await store.load('s', '');
    const state = kept?.state as { state: unknown; history: unknown[]; msisdn: string };
    expect(state.state).toBeNull();
    expect(state.history).toEqual([]);
    expect(state.msisdn).toBe('+1');
    expect(JSON.stringify(kept)).not.toContain('item 49');
    // The provider resends the final request, or sends the begin again: the final screen.
    expect(await served.dispatchText(buy)).toEqual(bought);
    expect(await served.dispatchText(begin)).toEqual(bought);
    // From another phone number: refused, as for any session.
    expect(await served.dispatchText({ ...buy, msisdn: '+2' })).toMatchObject({ status: 403 });
  });

  it('keeps the whole record when an end hook needs the state, and the hook gets it', async () => {
    const store = memoryStore();
    const onClose = vi.fn();
    const served = app(store, onClose);
    await served.dispatchText(begin);
    await served.dispatchText(menu);
    expect(await served.dispatchText(buy)).toEqual(bought);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onClose.mock.calls[0]?.[0]).toMatchObject({ state: { basket: expect.any(Array) } });
    expect(await served.dispatchText(buy)).toEqual(bought);
  });
});
