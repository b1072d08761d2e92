import { describe, expect, it } from 'vitest';
import type { GatewaySession } from '../GatewaySession';
import { memorySessionStore } from './SessionStore';

/** The fields the store reads; the rest of a session does not matter to it. */
function session(id: string, endedAt?: number): GatewaySession {
  return {
    id,
    msisdn: '08031234567',
    ...(endedAt === undefined ? {} : { endedAt }),
  } as GatewaySession;
}

describe('memorySessionStore', () => {
  it('keeps open sessions and the latest ended ones, dropping the oldest ended first', () => {
    const dropped: string[] = [];
    const store = memorySessionStore({ endedSessions: 2, seconds: 60 }, (s) => dropped.push(s.id));
    for (const id of ['open', 'a', 'b', 'c']) store.add(session(id));
    for (const id of ['a', 'b', 'c']) {
      const ended = store.get(id) as GatewaySession;
      ended.endedAt = 1_000;
      store.ended(ended, 1_000);
    }
    expect(dropped).toEqual(['a']);
    expect(['open', 'a', 'b', 'c'].map((id) => store.get(id) !== undefined)).toEqual([
      true,
      false,
      true,
      true,
    ]);
    expect(store.size).toBe(3);
  });

  it('drops ended sessions `seconds` after their end, oldest first', () => {
    const dropped: string[] = [];
    const store = memorySessionStore({ endedSessions: 10, seconds: 60 }, (s) => dropped.push(s.id));
    const first = session('first', 0);
    const second = session('second', 30_000);
    store.add(first);
    store.add(second);
    store.ended(first, 0);
    store.ended(second, 30_000);
    store.expire(59_999);
    expect(dropped).toEqual([]);
    store.expire(60_000);
    expect(dropped).toEqual(['first']);
    store.expire(90_000);
    expect(dropped).toEqual(['first', 'second']);
    expect(store.size).toBe(0);
  });

  it('with endedSessions 0 keeps no ended session at all', () => {
    const store = memorySessionStore({ endedSessions: 0, seconds: 60 }, () => {});
    const gone = session('gone', 0);
    store.add(gone);
    store.ended(gone, 0);
    expect(store.get('gone')).toBeUndefined();
  });

  it('stays correct over many ends (the queue compacts itself)', () => {
    const store = memorySessionStore({ endedSessions: 3, seconds: 1e6 }, () => {});
    for (let i = 0; i < 5_000; i++) {
      const s = session(`s${i}`, i);
      store.add(s);
      store.ended(s, i);
    }
    expect(store.size).toBe(3);
    expect(['s4996', 's4997', 's4998', 's4999'].map((id) => store.get(id)?.id)).toEqual([
      undefined,
      's4997',
      's4998',
      's4999',
    ]);
  });
});
