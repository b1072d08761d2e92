import { request as httpRequest } from 'node:http';
import type { HandleRequest } from '@ussdkit/router';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServedHono, serveHono } from '../test/serveHono';
import { ussdHono } from './ussdHono';

/** An app that echoes what the adapter gave it, so each reading path can be checked. */
const seen: HandleRequest[] = [];
const echo = {
  handle: async (request: HandleRequest) => {
    seen.push(request);
    return { status: 200, body: { bytes: Buffer.byteLength(request.body), body: request.body } };
  },
};

let served: ServedHono;
let base: string;

beforeAll(async () => {
  const web = new Hono();
  web.route('/direct', ussdHono(echo, { maxBodyBytes: 1000 }));
  // A middleware that reads the body first: the adapter must fall back to the web Request.
  web.use('/read-first/*', async (c, next) => {
    await c.req.raw.clone().text();
    await next();
  });
  web.route('/read-first', ussdHono(echo, { maxBodyBytes: 1000 }));
  served = await serveHono(web);
  base = served.base;
});
afterAll(() => served.close());

/** POSTs with node:http so the body can be sent in chunks without a content-length. */
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
  const text = '{"greeting":"Ẹ káàrọ̀ 👋"}';

  it.each(['/direct', '/read-first'])(
    '%s: reads a UTF-8 body split inside a character',
    async (prefix) => {
      const bytes = Buffer.from(text);
      const split = bytes.indexOf(0xf0) + 2; // inside the 4-byte emoji
      const answer = await postChunked(`${prefix}/ussdSessionEvent/new`, [
        bytes.subarray(0, split),
        bytes.subarray(split),
      ]);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ bytes: bytes.length, body: text });
      expect(seen.at(-1)?.headers['content-type']).toBe('application/json');
    },
  );

  it.each(['/direct', '/read-first'])(
    '%s: stops at the limit and asks the client to close',
    async (prefix) => {
      const answer = await postChunked(`${prefix}/ussdSessionEvent/new`, [
        Buffer.alloc(800, 'a'),
        Buffer.alloc(800, 'b'),
      ]);
      expect(answer.status).toBe(200);
      expect(answer.connection).toBe('close');
      expect(JSON.parse(answer.body).bytes).toBeGreaterThan(1000);
    },
  );

  it('reads an empty body as an empty string, and keeps serving afterwards', async () => {
    const empty = await postChunked('/direct/ussdSessionEvent/new', []);
    expect(JSON.parse(empty.body)).toEqual({ bytes: 0, body: '' });
    const again = await fetch(`${base}/direct/ussdSessionEvent/continue`, {
      method: 'POST',
      body: '{}',
    });
    expect(await again.json()).toEqual({ bytes: 2, body: '{}' });
  });

  it('reads the web Request where there is no Node request (app.request)', async () => {
    const web = new Hono().route('/ussd', ussdHono(echo));
    const answer = await web.request('/ussd/ussdSessionEvent/new', {
      method: 'POST',
      headers: { authorization: 'token' },
      body: text,
    });
    expect(await answer.json()).toEqual({ bytes: Buffer.byteLength(text), body: text });
    expect(seen.at(-1)?.headers.authorization).toBe('token');
  });
});
