import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../phones/Phone';
import { hubtelPhone, infobipPhone, naloPhone } from '../phones/providerPhones';
import { overHttp, resend } from '../servers';

// The examples read USSD_URL_SECRET when imported: set it first, then import them.
beforeEach(() => {
  vi.stubEnv('USSD_URL_SECRET', 'example-secret');
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** `post` with the secret the examples registered in each URL. */
const withSecret =
  (post: Post): Post =>
  async (request) => {
    const url = new URL(request.url);
    url.searchParams.set('secret', 'example-secret');
    return post(await resend(request, url));
  };

/** A whole session on Hubtel, Nalo and Infobip through `post`. */
async function sessions(post: Post, prefix: string) {
  const phones = [hubtelPhone, naloPhone, infobipPhone].map((phone, index) =>
    phone(withSecret(post), { sessionId: `${prefix}-${index}` }),
  );
  for (const phone of phones) {
    expect((await phone.dial()).shows).toBe('Airtime Shop\n1. Buy airtime\n2. Help');
    expect((await phone.send('1')).shows).toBe('Amount (GHS)?');
    expect(await phone.send('5')).toEqual({
      shows: 'GHS 5 of airtime is on its way.',
      continues: false,
      secret: false,
    });
  }
}

describe('the examples of the docs', () => {
  it('hono.ts serves the gateways', async () => {
    const { server } = await import('./hono');
    await sessions(async (request) => server.request(request), 'hono-example');
  });

  it('express.ts serves the gateways, and refuses a request without the secret', async () => {
    const { server } = await import('./express');
    const listening = server.listen(0, '127.0.0.1');
    await once(listening, 'listening');
    const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    const post = overHttp(base);
    try {
      await sessions(post, 'express-example');
      const refused = await hubtelPhone(post, { sessionId: 'no-secret' })
        .dial()
        .catch((error: unknown) => String(error));
      expect(refused).toContain('answered 403');
    } finally {
      listening.close();
    }
  });

  it('refuses to start without USSD_URL_SECRET', async () => {
    vi.stubEnv('USSD_URL_SECRET', undefined);
    await expect(import('./hono')).rejects.toThrow('Set USSD_URL_SECRET');
  });
});
