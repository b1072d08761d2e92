import { describe, expect, it } from 'vitest';
import { HandedOverRecord } from '../internal/stores/handedOver';
import { memoryStore } from './memoryStore';

const record = (state: unknown) => ({ flowVersion: 'v1', state });

describe('memoryStore', () => {
  it('saves, loads copies and deletes', async () => {
    const store = memoryStore();
    const state = { screen: 'a' };
    expect(await store.save('s', record(state))).toBeUndefined();
    state.screen = 'changed';
    const loaded = await store.load('s', '');
    expect(loaded).toEqual(record({ screen: 'a' }));
    await store.delete('s');
    expect(await store.load('s', '')).toBeUndefined();
  });

  it('keeps a record the router handed over as it is, and copies a spread of one', async () => {
    const store = memoryStore();
    const handed = new HandedOverRecord('v1', { screen: 'a' }, undefined, undefined);
    await store.save('s', handed);
    expect(await store.load('s', '')).toBe(handed);
    expect(Object.keys(handed)).toEqual(['flowVersion', 'state', 'lastEvent']);
    const spread = { ...handed, gateway: { ended: false } };
    await store.save('s', spread);
    const loaded = await store.load('s', '');
    expect(loaded).not.toBe(spread);
    expect(loaded).toEqual({
      flowVersion: 'v1',
      state: { screen: 'a' },
      gateway: { ended: false },
    });
  });

  it('expires sessions after the TTL (default 180 s)', async () => {
    let now = 0;
    const store = memoryStore({ now: () => now });
    await store.save('s', record(1));
    now = 179_999;
    expect(await store.load('s', '')).toBeDefined();
    now = 180_000;
    expect(await store.load('s', '')).toBeUndefined();
  });

  it('evicts the least recently saved session past maxSessions', async () => {
    const store = memoryStore({ maxSessions: 2 });
    await store.save('a', record(1));
    await store.save('b', record(2));
    await store.save('a', record(3));
    await store.save('c', record(4));
    expect(await store.load('b', '')).toBeUndefined();
    expect(await store.load('a', '')).toEqual(record(3));
    expect(await store.load('c', '')).toEqual(record(4));
  });

  it('runs tasks on one session one at a time, in order, even when one fails', async () => {
    const store = memoryStore();
    const order: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = store.withLock('s', async () => {
      order.push('first start');
      await gate;
      order.push('first end');
      throw new Error('boom');
    });
    const second = store.withLock('s', async () => {
      order.push('second');
      return 2;
    });
    const other = store.withLock('t', async () => {
      order.push('other session');
    });
    await other;
    release();
    await expect(first).rejects.toThrow('boom');
    expect(await second).toBe(2);
    expect(order).toEqual(['first start', 'other session', 'first end', 'second']);
  });
});
