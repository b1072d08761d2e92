import type { SessionStore } from '@ussdkit/router';
import { createApp, memoryStore } from '@ussdkit/router';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { atPhone, atRequest } from '../test/atPhone';
import { fixtureApp } from '../test/fixtureApp';
import { africasTalking } from './africasTalking';

const form = {
  sessionId: 'ATUid_req',
  serviceCode: '*384*1234#',
  phoneNumber: '+254711000001',
  networkCode: '63902',
  text: '',
};

describe('africasTalking: requests it refuses, and how it is mounted', () => {
  const handler = africasTalking(fixtureApp());

  it('answers text/plain CON and END', async () => {
    const answer = await handler(atRequest(form));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('refuses another content type with 415, and says what it expected', async () => {
    const answer = await handler(
      new Request('https://app.example/ussd', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(form),
      }),
    );
    expect(answer.status).toBe(415);
    expect(await answer.text()).toMatch(
      /application\/x-www-form-urlencoded.*got application\/json/,
    );
  });

  it('accepts a charset on the content type', async () => {
    const request = new Request('https://app.example/ussd', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: new URLSearchParams({ ...form, sessionId: 'ATUid_charset' }).toString(),
    });
    expect((await handler(request)).status).toBe(200);
  });

  it.each([
    ['sessionId', 'the form field sessionId is missing'],
    ['phoneNumber', 'the form field phoneNumber is missing'],
    ['serviceCode', 'the form field serviceCode is missing'],
  ])('refuses a request without %s with 400 and the reason', async (field, reason) => {
    const { [field as keyof typeof form]: _left, ...rest } = form;
    const answer = await handler(atRequest(rest));
    expect(answer.status).toBe(400);
    expect(await answer.text()).toBe(reason);
  });

  it('refuses an empty sessionId, a GET and a body over the limit', async () => {
    const empty = await handler(atRequest({ ...form, sessionId: '' }));
    expect([empty.status, await empty.text()]).toEqual([400, 'the form field sessionId is empty']);
    const get = await handler(new Request('https://app.example/ussd'));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    // The app's one maxBodyBytes is every door's limit.
    const small = africasTalking(fixtureApp({ maxBodyBytes: 100 }));
    const big = await small(atRequest({ ...form, text: 'x'.repeat(200) }));
    expect(big.status).toBe(413);
    expect(await big.text()).toBe('The body is over 100 bytes');
  });

  it('with secret, answers only requests whose URL carries it', async () => {
    const guarded = africasTalking(fixtureApp(), { secret: 's3cret', secretParam: 'key' });
    const without = await guarded(atRequest(form));
    expect(without.status).toBe(403);
    expect(await without.text()).toContain('lacks key parameter');
    const wrong = await guarded(atRequest(form, 'https://app.example/ussd?key=guess'));
    expect(wrong.status).toBe(403);
    const right = await guarded(atRequest(form, 'https://app.example/ussd?key=s3cret'));
    expect(await right.text()).toMatch(/^CON Duka/);
  });

  it('with allowedIps, answers only the listed addresses, read by clientIp', async () => {
    const guarded = africasTalking(fixtureApp(), {
      allowedIps: ['192.0.2.0/24', '2001:db8::1'],
      clientIp: (request) => request.headers.get('cf-connecting-ip') ?? undefined,
    });
    const from = (ip: string) => {
      const request = atRequest({ ...form, sessionId: `ATUid_${ip}` });
      request.headers.set('cf-connecting-ip', ip);
      return guarded(request);
    };
    expect((await from('192.0.2.9')).status).toBe(200);
    expect((await from('2001:db8::1')).status).toBe(200);
    const other = await from('10.0.0.1');
    expect([other.status, await other.text()]).toEqual([
      403,
      'The client address 10.0.0.1 is not allowed',
    ]);
    expect((await guarded(atRequest(form))).status).toBe(403);
  });

  it('with allowedIps and no clientIp, refuses a web request whose address it cannot know', async () => {
    const guarded = africasTalking(fixtureApp(), { allowedIps: ['1.2.3.4'] });
    const answer = await guarded(atRequest(form));
    expect(answer.status).toBe(403);
    expect(await answer.text()).toMatch(/address is unknown.*give clientIp/);
  });

  it('serves an app created with an authToken, with no option: the token is the native gateway’s', async () => {
    const app = createApp({
      state: z.object({}),
      start: 'hi',
      authToken: 'app-token',
      screens: ({ info }) => ({ hi: info({ text: 'Hi' }) }),
    });
    expect(await (await africasTalking(app)(atRequest(form))).text()).toBe('END Hi');
  });

  it('answers END with the unavailable text when the store fails, and reports it to the app', async () => {
    const memory = memoryStore();
    const broken: SessionStore = {
      ...memory,
      withLock: (id, task) => memory.withLock(id, task),
      load: () => Promise.reject(new Error('store down')),
    };
    const onError = vi.fn();
    const failing = africasTalking(
      fixtureApp({ store: broken, onError, unavailable: 'Huduma haipatikani.' }),
    );
    expect(await (await failing(atRequest(form))).text()).toBe('END Huduma haipatikani.');
    // The store could not say whether the session was new: the report names it all the same.
    expect(onError).toHaveBeenCalledWith(
      new Error('store down'),
      expect.objectContaining({ sessionId: 'ATUid_req' }),
    );
  });

  it('serves a session on Hono with c.req.raw', async () => {
    const server = new Hono();
    server.post('/ussd/at', (c) => handler(c.req.raw));
    const asHono = (request: Request) => server.request(request);
    const phone = atPhone(async (request) => asHono(request), { sessionId: 'ATUid_hono' });
    expect(await phone.dial()).toBe('CON Duka\n1. Send money\n2. Bundles');
    expect(await phone.send('1')).toBe('CON Amount (KES)?');
  });
});
