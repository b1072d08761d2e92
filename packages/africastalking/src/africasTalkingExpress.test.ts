import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixtureApp } from '../test/fixtureApp';
import { africasTalkingExpress } from './africasTalkingExpress';

let server: Server;
let base: string;
const onClose = vi.fn();

beforeAll(async () => {
  const web = express();
  web.post('/ussd/at', africasTalkingExpress(fixtureApp({ onClose }), { secret: 's3cret' }));
  // Behind express.urlencoded(), which reads the body first.
  web.post(
    '/parsed/at',
    express.urlencoded({ extended: false }),
    africasTalkingExpress(fixtureApp()),
  );
  web.post(
    '/local-only/at',
    africasTalkingExpress(fixtureApp({ maxBodyBytes: 200 }), { allowedIps: ['127.0.0.1'] }),
  );
  web.post('/elsewhere/at', africasTalkingExpress(fixtureApp(), { allowedIps: ['10.9.9.9'] }));
  server = web.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await once(server, 'close');
});

const post = (path: string, form: Record<string, string>) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

const session = (sessionId: string, text: string) => ({
  sessionId,
  serviceCode: '*384*1234#',
  phoneNumber: '+254711000001',
  networkCode: '63902',
  text,
});

describe('africasTalkingExpress (a real Express server)', () => {
  it('serves a whole session and its end notification, as text/plain', async () => {
    const path = '/ussd/at?secret=s3cret';
    const first = await post(path, session('ATUid_x1', ''));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await first.text()).toBe('CON Duka\n1. Send money\n2. Bundles');
    expect(await (await post(path, session('ATUid_x1', '1'))).text()).toBe('CON Amount (KES)?');
    expect(await (await post(path, session('ATUid_x1', '1*99'))).text()).toBe('CON Reference?');
    expect(await (await post(path, session('ATUid_x1', '1*99*#4*'))).text()).toBe(
      'END Sent KES 99 with reference #4*.',
    );
    const ended = await post(path, { sessionId: 'ATUid_x1', status: 'Success' });
    expect([ended.status, await ended.text()]).toEqual([200, 'OK']);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('refuses a request without the secret, with 403 and the reason', async () => {
    const answer = await post('/ussd/at', session('ATUid_x2', ''));
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('lacks secret parameter');
  });

  it('reads a body express.urlencoded() parsed already', async () => {
    const answer = await post('/parsed/at', session('ATUid_x3', ''));
    expect(await answer.text()).toBe('CON Duka\n1. Send money\n2. Bundles');
    expect(await (await post('/parsed/at', session('ATUid_x3', '1'))).text()).toBe(
      'CON Amount (KES)?',
    );
  });

  it("checks allowedIps against Express's req.ip", async () => {
    expect((await post('/local-only/at', session('ATUid_x4', ''))).status).toBe(200);
    const refused = await post('/elsewhere/at', session('ATUid_x5', ''));
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe('The client address 127.0.0.1 is not allowed');
  });

  it('answers 413 past maxBodyBytes, 415 for JSON, and keeps serving', async () => {
    const big = await post('/local-only/at', session('ATUid_x6', 'x'.repeat(5000)));
    expect(big.status).toBe(413);
    const json = await fetch(`${base}/local-only/at`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(session('ATUid_x7', '')),
    });
    expect(json.status).toBe(415);
    expect((await post('/local-only/at', session('ATUid_x8', ''))).status).toBe(200);
  });
});
