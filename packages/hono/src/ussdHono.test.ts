import { createUpstreamValidator } from '@ussdkit/protocol/contract';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallApp, wireEvents } from '../../router/test/support/adapterApp';
import { trickledUpload } from '../../router/test/support/trickledUpload';
import { type ServedHono, serveHono } from '../test/serveHono';
import { ussdHono } from './ussdHono';

const validator = createUpstreamValidator();
type Command = { action: { view: { type: string } }; contextData: string };
let served: ServedHono;
let base: string;

beforeAll(async () => {
  const web = new Hono();
  web.route('/api/ussd', ussdHono(smallApp({ authToken: 'token-1' })));
  web.route('/open', ussdHono(smallApp({})));
  web.route('/tenants/:tenant/ussd', ussdHono(smallApp({})));
  served = await serveHono(web);
  base = served.base;
});
afterAll(() => served.close());

const post = (path: string, body: unknown, authorization = 'token-1') =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('ussdHono (a real Hono server on @hono/node-server)', () => {
  it('answers the four events under the mount path', async () => {
    const events = wireEvents('hono-1');
    const opened = await post('/api/ussd/ussdSessionEvent/new', events.new);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toMatch(/application\/json/);
    const first = (await opened.json()) as Command;
    expect(validator.appResponse(first).errors).toEqual([]);
    expect(first.action.view.type).toBe('InputView');

    const continued = await post('/api/ussd/ussdSessionEvent/continue', {
      ...events.continue('Ada'),
      contextData: first.contextData,
    });
    expect(continued.status).toBe(200);
    const second = (await continued.json()) as Command;
    expect(validator.appResponse(second).errors).toEqual([]);
    expect(second.action.view).toEqual({ type: 'InfoView', message: 'Hello Ada' });

    const closed = await post('/api/ussd/ussdSessionEvent/close', events.close);
    expect(closed.status).toBe(204);
    expect(await closed.text()).toBe('');
    const aborted = await post('/api/ussd/ussdSessionEvent/abort', events.abort);
    expect(aborted.status).toBe(204);
  });

  it('mounts the same way under another base path', async () => {
    const answer = await post('/open/ussdSessionEvent/new', wireEvents('hono-2').new, '');
    expect(answer.status).toBe(200);
    expect(validator.appResponse(await answer.json()).errors).toEqual([]);
  });

  it('passes on the JSON errors of the app: 400, 401, 404, 413', async () => {
    const events = wireEvents('hono-3');
    const broken = await post('/api/ussd/ussdSessionEvent/new', '{"not json');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({
      code: expect.any(String),
      message: expect.any(String),
    });

    const invalid = await post('/api/ussd/ussdSessionEvent/new', { ...events.new, msisdn: 42 });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ field: 'msisdn' });

    const unauthorised = await post('/api/ussd/ussdSessionEvent/new', events.new, 'wrong');
    expect(unauthorised.status).toBe(401);
    expect(await unauthorised.json()).toMatchObject({ code: expect.any(String) });

    const unknown = await post('/api/ussd/ussdSessionEvent/restart', events.new);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: expect.any(String) });

    const huge = await post('/api/ussd/ussdSessionEvent/new', {
      ...events.new,
      padding: 'x'.repeat(200_000),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: expect.any(String) });
  });

  it("answers GET with Hono's 404 (the gateway only POSTs)", async () => {
    const answer = await fetch(`${base}/api/ussd/ussdSessionEvent/new`);
    expect(answer.status).toBe(404);
  });

  it('refuses a wrong token before reading the body, and closes the connection', async () => {
    const answer = await trickledUpload(`${base}/api/ussd/ussdSessionEvent/new`, {
      'content-type': 'application/json',
      authorization: 'wrong-token',
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(answer.connection).toBe('close');
  });

  it('answers only paths ending in the four endpoints, a mount with a parameter too', async () => {
    expect((await post('/api/ussd/x/ussdSessionEvent/renew', '{}')).status).toBe(404);
    expect((await post('/api/ussd/ussdSessionEvent/new/x', '{}')).status).toBe(404);
    const events = wireEvents('tenant-session');
    const answer = await post('/tenants/acme/ussd/ussdSessionEvent/new', events.new);
    expect(answer.status).toBe(200);
    const plain = await fetch(`${base}/api/ussd/ussdSessionEvent/new`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', authorization: 'token-1' },
      body: '{}',
    });
    expect(plain.status).toBe(415);
  });
});
