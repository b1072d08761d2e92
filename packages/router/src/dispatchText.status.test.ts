import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApp, memoryStore, type SessionStore } from './index';

function app(store?: SessionStore, onError = vi.fn()) {
  return createApp({
    state: z.object({}),
    start: 'menu',
    onError,
    ...(store === undefined ? {} : { store }),
    screens: ({ chooser, info }) => ({
      menu: chooser({ title: 'Menu', items: [{ label: 'Bye', next: 'bye' }] }),
      bye: info({ text: 'Bye.' }),
    }),
  });
}

const begin = (sessionId: string) =>
  ({ type: 'begin', sessionId, msisdn: '+1', dial: '*1*2#' }) as const;
const status = (sessionId: string) => ({ type: 'status', sessionId }) as const;

describe("dispatchText: a provider's status question", () => {
  it('is active from the first screen until the final one or the end', async () => {
    const served = app();
    expect(await served.dispatchText(status('s1'))).toEqual({ type: 'status', active: false });
    await served.dispatchText(begin('s1'));
    expect(await served.dispatchText(status('s1'))).toEqual({ type: 'status', active: true });
    await served.dispatchText({ type: 'input', sessionId: 's1', msisdn: '+1', input: '1' });
    expect(await served.dispatchText(status('s1'))).toEqual({ type: 'status', active: false });
    await served.dispatchText(begin('s2'));
    await served.dispatchText({ type: 'end', sessionId: 's2', reason: 'Timeout' });
    expect(await served.dispatchText(status('s2'))).toEqual({ type: 'status', active: false });
  });

  it('leaves the session open when the store cannot tell', async () => {
    const store = memoryStore();
    const failing: SessionStore = Object.assign(Object.create(store), {
      load: () => Promise.reject(new Error('store down')),
    });
    const onError = vi.fn();
    const answer = await app(failing, onError).dispatchText(status('s3'));
    expect(answer).toEqual({ type: 'status', active: true });
    expect(String(onError.mock.calls[0]?.[0])).toBe('Error: store down');
  });
});
