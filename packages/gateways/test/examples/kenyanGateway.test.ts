import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { walkApp } from '../walkApp';
import { kenyanGateway } from './kenyanGateway';

/** A server as the guide mounts it: GET /ussd/ke. */
function server(onClose = vi.fn()) {
  const handler = kenyanGateway(walkApp({ onClose }));
  const web = new Hono();
  web.get('/ussd/ke', (c) => handler(c.req.raw));
  return web;
}

/** One customer: each answer grows INPUT by what was typed. */
function phone(web: Hono, sessionId: string) {
  let input = '*415*33';
  return async (typed?: string) => {
    if (typed !== undefined) input += `*${typed}`;
    const query = new URLSearchParams({
      SESSIONID: sessionId,
      USSDCODE: '*415*33#',
      MSISDN: '254711000001',
      INPUT: `${input}#`,
    });
    const response = await web.request(`/ussd/ke?${query}`);
    return `${response.status} ${await response.text()}`;
  };
}

describe('the worked example of defineGateway: a Kenyan GET gateway', () => {
  it('runs a session from the growing dial string, then closes it', async () => {
    const onClose = vi.fn();
    const send = phone(server(onClose), 'ke-1');
    expect(await send()).toBe('200 CON Duka\n1. Send money\n2. Bundles\n3. Change PIN');
    expect(await send('1')).toBe('200 CON Amount?');
    expect(await send('20')).toBe('200 CON The minimum is 50\nAmount?');
    expect(await send('80')).toBe('200 CON Reference?');
    expect(await send('X7')).toBe('200 END Sent 80 with reference X7.');
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('opens a deep link dialled with the code (*415*33*5#)', async () => {
    const send = phone(server(), 'ke-2');
    expect(await send('5')).toMatch(/^200 CON Bundles\n1\. Bundle 1/);
  });

  it('refuses a query it cannot read with 400, and a POST with 405', async () => {
    const web = server();
    const bad = await web.request('/ussd/ke?SESSIONID=ke-3&USSDCODE=*415*33%23');
    expect([bad.status, await bad.text()]).toEqual([400, 'MSISDN is missing']);
    expect((await web.request('/ussd/ke', { method: 'POST' })).status).toBe(404);
    const handler = kenyanGateway(walkApp());
    const posted = await handler(new Request('https://app.example/ussd/ke', { method: 'POST' }));
    expect([posted.status, posted.headers.get('allow')]).toEqual([405, 'GET']);
  });
});
