import type { NewSession } from '@ussdkit/protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../createApp';
import type { SessionStore } from '../../SessionStore';
import { memoryStore } from '../../stores/memoryStore';
import { eventKey } from '../door/httpResult';

// Decision 0008: a replayed `new` gets the same answer; another `new` under the same session id
// is refused (409). A `new` is told by its ids and by what the session keeps of its start.

const dial: NewSession = {
  clientId: 'c',
  appId: 'a',
  sessionId: 's',
  msisdn: '+2348030000000',
  operator: 'mtn',
  input: { type: 'Dial', shortcodeString: '*384*1#' },
};

function app(store: SessionStore = memoryStore()) {
  return createApp({
    state: z.object({}),
    start: 'menu',
    store,
    onError: () => undefined,
    entry: { redirect: { pay: { params: z.object({ ref: z.string() }), screen: 'menu' } } },
    screens: ({ input, info }) => ({
      menu: input({ text: 'Name?', next: 'bye' }),
      bye: info({ text: 'Bye' }),
    }),
  });
}

const starts: Record<string, NewSession> = {
  dial,
  push: { ...dial, input: { type: 'Push', contextData: '{"n":1}' } },
  redirect: { ...dial, input: { type: 'Redirect', process: { id: 'pay', params: { ref: 'R1' } } } },
};

/** Each start changed in one thing the schema reads. */
const others: Record<string, NewSession[]> = {
  dial: [
    { ...dial, clientId: 'c2' },
    { ...dial, appId: 'a2' },
    { ...dial, msisdn: '+2348039999999' },
    { ...dial, operator: 'glo' },
    { ...dial, input: { type: 'Dial', shortcodeString: '*384*1*5#' } },
    { ...dial, input: { type: 'Push', contextData: '' } },
  ],
  push: [{ ...dial, input: { type: 'Push', contextData: '{"n":2}' } }],
  redirect: [
    { ...dial, input: { type: 'Redirect', process: { id: 'pay', params: { ref: 'R2' } } } },
    { ...dial, input: { type: 'Redirect', process: { id: 'pay', params: {} } } },
    { ...dial, input: { type: 'Redirect' } },
  ],
};

describe('a second new of an open session', () => {
  it.each(Object.keys(starts))('%s: the same start again is a replay', async (kind) => {
    const served = app();
    const body = starts[kind] as NewSession;
    const first = await served.dispatch({ type: 'new', body });
    expect(first.status).toBe(200);
    // Another object with the same content, as a redelivery parsed again would be.
    const again = await served.dispatch({ type: 'new', body: structuredClone(body) });
    expect(again).toEqual(first);
  });

  it.each(Object.keys(starts))('%s: any other start under the same id is refused', async (kind) => {
    for (const other of others[kind] ?? []) {
      const served = app();
      await served.dispatch({ type: 'new', body: starts[kind] as NewSession });
      expect(await served.dispatch({ type: 'new', body: other })).toMatchObject({
        status: 409,
        error: { code: 'SESSION_ALREADY_OPEN' },
      });
    }
  });

  it("replays a new saved with the whole event's key, as before", async () => {
    const store = memoryStore();
    const served = app(store);
    const first = await served.dispatch({ type: 'new', body: dial });
    const saved = await store.load('s', '');
    if (saved === undefined) throw new Error('not saved');
    // A record an earlier version saved: the hash of the whole parsed event as its key.
    const key = eventKey('new', dial);
    await store.save('s', { ...saved, lastEvent: { key, answer: saved.lastEvent?.answer } });
    expect(await served.dispatch({ type: 'new', body: dial })).toEqual(first);
    const other = { ...dial, operator: 'glo' };
    expect(await served.dispatch({ type: 'new', body: other })).toMatchObject({ status: 409 });
  });
});
