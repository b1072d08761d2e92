import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServedHono, serveHono } from '../../test/helpers/serveHono';
import { requestText } from './requestText';

// `bodyUsed` of the Fetch request tells which way the body was read: false when it came straight
// from Node's IncomingMessage, true when it went through `c.req.text()`.
const app = new Hono().post('/echo', async (c) =>
  c.json({ text: await requestText(c), viaFetchRequest: c.req.raw.bodyUsed }),
);
let served: ServedHono;
let url: string;

beforeAll(async () => {
  served = await serveHono(app);
  url = `${served.base}/echo`;
});

afterAll(() => served.close());

describe('requestText', () => {
  it('reads a body with a content-length straight from the IncomingMessage', async () => {
    const response = await fetch(url, { method: 'POST', body: '{"dial":"*384*1#","é":1}' });
    expect(await response.json()).toEqual({
      text: '{"dial":"*384*1#","é":1}',
      viaFetchRequest: false,
    });
  });

  it('reads a chunked body (no content-length) through the Fetch request', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"text":'));
        controller.enqueue(new TextEncoder().encode('"1"}'));
        controller.close();
      },
    });
    const response = await fetch(url, { method: 'POST', body, duplex: 'half' } as RequestInit);
    expect(await response.json()).toEqual({ text: '{"text":"1"}', viaFetchRequest: true });
  });

  it('reads the body of a request handed to fetch() without a server', async () => {
    const response = await app.fetch(new Request(url, { method: 'POST', body: 'plain' }));
    expect(await response.json()).toEqual({ text: 'plain', viaFetchRequest: true });
  });
});
