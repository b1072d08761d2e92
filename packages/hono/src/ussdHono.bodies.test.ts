import { request as httpRequest } from 'node:http';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallApp, wireEvents } from '../../router/test/support/adapterApp';
import { type ServedHono, serveHono } from '../test/serveHono';
import { ussdHono } from './ussdHono';

// The app's own `maxBodyBytes` is the one limit (the adapter has no option of its own).
const app = smallApp({ maxBodyBytes: 1000 });
let served: ServedHono;
let base: string;

beforeAll(async () => {
  const web = new Hono();
  web.route('/direct', ussdHono(app));
  // A middleware that reads the body first: the app must fall back to the web Request.
  web.use('/read-first/*', async (c, next) => {
    await c.req.raw.clone().text();
    await next();
  });
  web.route('/read-first', ussdHono(app));
  served = await serveHono(web);
  base = served.base;
});
afterAll(() => served.close());

/** POSTs JSON with node:http so the body can be sent in chunks without a content-length. */
function postChunked(
  path: string,
  chunks: readonly Buffer[],
): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }),
        );
      },
    );
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('ussdHono: reading the body', () => {
  const name = 'Ẹ káàrọ̀ 👋';

  it.each(['/direct', '/read-first'])(
    '%s: reads a UTF-8 body split inside a character',
    async (prefix) => {
      const events = wireEvents(`bodies${prefix}`);
      const opened = await postChunked(`${prefix}/ussdSessionEvent/new`, [
        Buffer.from(JSON.stringify(events.new)),
      ]);
      expect(opened.status).toBe(200);
      const { contextData } = JSON.parse(opened.body);
      const bytes = Buffer.from(JSON.stringify({ ...events.continue(name), contextData }));
      const split = bytes.indexOf(0xf0) + 2; // inside the 4-byte emoji
      const answer = await postChunked(`${prefix}/ussdSessionEvent/continue`, [
        bytes.subarray(0, split),
        bytes.subarray(split),
      ]);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).action.view.message).toBe(`Hello ${name}`);
    },
  );

  it.each(['/direct', '/read-first'])(
    '%s: stops at the limit (413) and asks the client to close',
    async (prefix) => {
      const answer = await postChunked(`${prefix}/ussdSessionEvent/new`, [
        Buffer.alloc(800, 'a'),
        Buffer.alloc(800, 'b'),
      ]);
      expect(answer.status).toBe(413);
      expect(answer.connection).toBe('close');
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    },
  );

  it('answers an empty body 400, and keeps serving afterwards', async () => {
    const empty = await postChunked('/direct/ussdSessionEvent/new', []);
    expect(empty.status).toBe(400);
    expect(JSON.parse(empty.body)).toMatchObject({ code: 'INVALID_JSON' });
    const again = await postChunked('/direct/ussdSessionEvent/new', [
      Buffer.from(JSON.stringify(wireEvents('bodies-again').new)),
    ]);
    expect(again.status).toBe(200);
  });

  it('reads the web Request where there is no Node request (app.request)', async () => {
    const web = new Hono().route('/ussd', ussdHono(app));
    const answer = await web.request('/ussd/ussdSessionEvent/new', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(wireEvents('bodies-request').new),
    });
    expect(answer.status).toBe(200);
    const command = (await answer.json()) as { action: { view: unknown } };
    expect(command.action.view).toEqual({ type: 'InputView', message: 'Name?' });
  });
});
