import { describe, expect, it } from 'vitest';
import type { AtSession } from './AtSessionStore';
import { memoryAtSessionStore } from './memoryAtSessionStore';

const session = (text: string): AtSession => ({
  text,
  contextData: 'h1',
  answer: 'CON Hi',
  ended: false,
});

describe('memoryAtSessionStore', () => {
  it('keeps a session for ttlMs after its last save, then forgets it', async () => {
    let now = 0;
    const store = memoryAtSessionStore({ ttlMs: 1000, now: () => now });
    await store.set('a', session('1'));
    now = 999;
    expect(await store.get('a')).toEqual(session('1'));
    await store.set('a', session('1*2'));
    now = 1998;
    expect((await store.get('a'))?.text).toBe('1*2');
    now = 1999;
    expect(await store.get('a')).toBeUndefined();
  });

  it('forgets the least recently saved session past maxSessions', async () => {
    const store = memoryAtSessionStore({ maxSessions: 2 });
    await store.set('a', session('1'));
    await store.set('b', session('1'));
    await store.set('a', session('1*2'));
    await store.set('c', session('1'));
    expect(await store.get('b')).toBeUndefined();
    expect((await store.get('a'))?.text).toBe('1*2');
    expect(await store.get('c')).toBeDefined();
  });

  it('deletes', async () => {
    const store = memoryAtSessionStore();
    await store.set('a', session(''));
    await store.delete('a');
    expect(await store.get('a')).toBeUndefined();
  });
});
