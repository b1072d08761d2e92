import { describe, expect, it } from 'vitest';
import { fromBase64url } from '../internal/stores/base64url';
import type { SessionRecord } from '../SessionStore';
import { contextDataStore } from './contextDataStore';
import { ContextDataStoreOptionsError, ContextDataTooLargeError } from './contextDataStoreErrors';

const secret = 'a-test-secret-of-at-least-32-characters';
const record: SessionRecord = {
  flowVersion: 'f1',
  state: { screen: 'amount', values: { phone: '+2348030000000' } },
  lastEvent: { key: 'k', answer: { action: { type: 'ShowView' } } },
};

describe('contextDataStore', () => {
  it('carries the record in an encrypted contextData', async () => {
    const store = contextDataStore({ secret });
    const contextData = await store.save('s1', record);
    expect(contextData).toMatch(/^v2\.[A-Za-z0-9_-]+$/);
    expect(await store.load('s1', contextData ?? '')).toEqual(record);
    // Stateless: another instance with the same secret reads it too.
    expect(await contextDataStore({ secret }).load('s1', contextData ?? '')).toEqual(record);
  });

  it('hides the state and the msisdn from whoever sees the contextData', async () => {
    const store = contextDataStore({ secret });
    const contextData = (await store.save('s1', record)) ?? '';
    const bytes = fromBase64url(contextData.slice(3)) ?? new Uint8Array();
    const visible = new TextDecoder('latin1').decode(bytes);
    for (const secretPart of ['2348030000000', 'amount', 'screen']) {
      expect(visible).not.toContain(secretPart);
      expect(contextData).not.toContain(secretPart);
    }
    // A fresh IV each time: the same record never gives the same contextData.
    expect(await store.save('s1', record)).not.toBe(contextData);
  });

  it('expires a contextData after maxAgeMs (the 120 s session limit plus a margin)', async () => {
    let now = 1_000_000;
    const store = contextDataStore({ secret, now: () => now });
    const contextData = (await store.save('s1', record)) ?? '';
    now += 180_000;
    expect(await store.load('s1', contextData)).toEqual(record);
    now += 1;
    expect(await store.load('s1', contextData)).toBeUndefined();
    const short = contextDataStore({ secret, now: () => now, maxAgeMs: 10 });
    const fresh = (await short.save('s1', record)) ?? '';
    now += 11;
    expect(await short.load('s1', fresh)).toBeUndefined();
  });

  it('compresses the record', async () => {
    const store = contextDataStore({ secret });
    const repetitive: SessionRecord = {
      flowVersion: 'f1',
      state: { items: Array(50).fill('airtime') },
    };
    const contextData = (await store.save('s1', repetitive)) ?? '';
    expect(contextData.length).toBeLessThan(JSON.stringify(repetitive).length);
    expect(await store.load('s1', contextData)).toEqual(repetitive);
  });

  it('loads no session from an empty or unsigned contextData', async () => {
    const store = contextDataStore({ secret });
    expect(await store.load('s1', '')).toBeUndefined();
    expect(await store.load('s1', 'hello')).toBeUndefined();
    const payload = Buffer.from(JSON.stringify(record)).toString('base64url');
    expect(await store.load('s1', `v2.${payload}`)).toBeUndefined();
    expect(await store.load('s1', 'v2.!!!')).toBeUndefined();
    expect(await store.load('s1', 'v2.')).toBeUndefined();
  });

  it('rejects a tampered contextData', async () => {
    const store = contextDataStore({ secret });
    const contextData = (await store.save('s1', record)) ?? '';
    const flipped = `${contextData.slice(0, -2)}${contextData.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await store.load('s1', flipped)).toBeUndefined();
    const middle = Math.floor(contextData.length / 2);
    const swapped = `${contextData.slice(0, middle)}${contextData[middle] === 'A' ? 'B' : 'A'}${contextData.slice(middle + 1)}`;
    expect(await store.load('s1', swapped)).toBeUndefined();
    expect(await store.load('s1', `${contextData}.extra`)).toBeUndefined();
  });

  it('rejects a contextData written for another session or with another secret', async () => {
    const store = contextDataStore({ secret });
    const contextData = (await store.save('s1', record)) ?? '';
    expect(await store.load('s2', contextData)).toBeUndefined();
    const other = contextDataStore({ secret: 'another-secret-of-at-least-32-characters' });
    expect(await other.load('s1', contextData)).toBeUndefined();
  });

  it('decrypts with every secret of a rotation and encrypts with the first', async () => {
    const old = contextDataStore({ secret });
    const next = 'the-next-secret-of-at-least-32-characters';
    const rotating = contextDataStore({ secret: [next, secret] });
    const written = (await old.save('s1', record)) ?? '';
    expect(await rotating.load('s1', written)).toEqual(record);
    const rewritten = (await rotating.save('s1', record)) ?? '';
    expect(await contextDataStore({ secret: next }).load('s1', rewritten)).toEqual(record);
  });

  it('refuses a record over the size limit, naming the size and the limit', async () => {
    const store = contextDataStore({ secret, maxBytes: 200 });
    const noise = Array.from({ length: 60 }, (_, i) => (i * 7919).toString(36)).join('');
    const big: SessionRecord = { flowVersion: 'f1', state: { note: noise.repeat(1) } };
    const failure = store.save('s1', big);
    await expect(failure).rejects.toBeInstanceOf(ContextDataTooLargeError);
    await expect(failure).rejects.toThrow(/\d+ bytes encrypted, the limit is 200 bytes/);
    const error = await store.save('s1', big).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ limit: 200, code: 'CONTEXT_DATA_TOO_LARGE' });
    expect((error as ContextDataTooLargeError).size).toBeGreaterThan(200);
  });

  it('refuses a short secret', () => {
    expect(() => contextDataStore({ secret: 'short' })).toThrow(/at least 32 characters/);
  });

  it('refuses, when created, an empty secret list, a short or missing one, naming the option and never the secret', () => {
    const failure = (options: Parameters<typeof contextDataStore>[0]) => {
      try {
        contextDataStore(options);
      } catch (error) {
        return error;
      }
      throw new Error('expected the options to be refused');
    };
    const empty = failure({ secret: [] as unknown as [string] });
    expect(empty).toBeInstanceOf(ContextDataStoreOptionsError);
    expect(empty).toMatchObject({ option: 'secret', code: 'CONTEXT_DATA_STORE_OPTIONS' });
    expect((empty as Error).message).toMatch(
      /^contextDataStore\(\{ secret \}\): the list of secrets is empty/,
    );
    const short = failure({ secret: [secret, 'short-but-secret'] });
    expect((short as Error).message).toBe(
      'contextDataStore({ secret }): secret number 2 of the list has 16 characters; each needs at least 32 characters (generate one with: openssl rand -base64 32)',
    );
    expect((short as Error).message).not.toContain('short-but-secret');
    const unset = failure({ secret: process.env.USSDKIT_NO_SUCH_VARIABLE as string });
    expect((unset as Error).message).toContain(
      'the secret is undefined (is its environment variable set?)',
    );
    expect(failure({ secret, clockSkewMs: -1 })).toMatchObject({ option: 'clockSkewMs' });
  });

  it('tolerates clockSkewMs between the writer and the reader (30 s by default), no more', async () => {
    let writerNow = 1_000_000;
    let readerNow = 1_000_000;
    const writer = contextDataStore({ secret, now: () => writerNow });
    const reader = contextDataStore({ secret, now: () => readerNow });
    writerNow = readerNow + 2_000;
    const ahead = (await writer.save('s1', record)) ?? '';
    expect(await reader.load('s1', ahead)).toEqual(record);
    writerNow = readerNow + 30_000;
    expect(await reader.load('s1', (await writer.save('s1', record)) ?? '')).toEqual(record);
    writerNow = readerNow + 30_001;
    expect(await reader.load('s1', (await writer.save('s1', record)) ?? '')).toBeUndefined();
    const strict = contextDataStore({ secret, now: () => readerNow, clockSkewMs: 0 });
    expect(await strict.load('s1', ahead)).toBeUndefined();
    readerNow += 180_000 + 2_000;
    expect(await reader.load('s1', ahead)).toEqual(record);
    readerNow += 1;
    expect(await reader.load('s1', ahead)).toBeUndefined();
  });

  it('runs one event at a time per session, also after a failure', async () => {
    const store = contextDataStore({ secret });
    const log: string[] = [];
    const task =
      (name: string, fail = false) =>
      async () => {
        log.push(`${name} in`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.push(`${name} out`);
        if (fail) throw new Error(`${name} failed`);
        return name;
      };
    const results = await Promise.allSettled([
      store.withLock('s', task('a', true)),
      store.withLock('s', task('b')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled']);
    expect(log).toEqual(['a in', 'a out', 'b in', 'b out']);
    await store.delete('s');
  });
});
