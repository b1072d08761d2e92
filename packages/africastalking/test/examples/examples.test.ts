import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { atPhone } from '../atPhone';

// The examples read AT_SECRET when imported: set it first, then import them.
beforeEach(() => {
  vi.stubEnv('AT_SECRET', 'example-secret');
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** A whole session of the example app, through `post` (one AT request in, its answer out). */
async function session(post: (request: Request) => Promise<Response>, sessionId: string) {
  const phone = atPhone(
    (request) => post(new Request(`${request.url}?secret=example-secret`, request)),
    { sessionId },
  );
  expect(await phone.dial()).toBe('CON Airtime Shop\n1. Buy airtime\n2. Help');
  expect(await phone.send('1')).toBe('CON Amount (KES)?');
  expect(await phone.send('5')).toBe('CON The minimum is KES 10\nAmount (KES)?');
  expect(await phone.send('50')).toBe('END KES 50 of airtime is on its way.');
}

describe('the examples of the docs', () => {
  it('hono.ts serves a session on POST /ussd/at', async () => {
    const { server } = await import('./hono');
    await session(async (request) => server.request(request), 'ATUid_hono_example');
  });

  it('express.ts serves a session on POST /ussd/at', async () => {
    const { server } = await import('./express');
    const listening = server.listen(0, '127.0.0.1');
    await once(listening, 'listening');
    const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    try {
      await session(async (request) => {
        const url = new URL(request.url);
        return fetch(`${base}${url.pathname}${url.search}`, {
          method: 'POST',
          headers: request.headers,
          body: await request.text(),
        });
      }, 'ATUid_express_example');
    } finally {
      listening.close();
    }
  });

  it('refuses to start without AT_SECRET', async () => {
    vi.stubEnv('AT_SECRET', undefined);
    await expect(import('./hono')).rejects.toThrow('Set AT_SECRET');
  });
});
