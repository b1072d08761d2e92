import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServedHono, serveHono } from '../../test/helpers/serveHono';
import { limitBody } from './limitBody';
import { requestText } from './requestText';

const app = new Hono();
app.use('*', limitBody({ maxSize: 16, onError: (c) => c.json({ code: 'TOO_LARGE' }, 413) }));
// `bodyUsed` false: the body came straight from Node's IncomingMessage, untouched by the limit.
app.post('/echo', async (c) =>
  c.json({ text: await requestText(c), viaFetchRequest: c.req.raw.bodyUsed }),
);
let served: ServedHono;
let url: string;

beforeAll(async () => {
  served = await serveHono(app);
  url = `${served.base}/echo`;
});

afterAll(() => served.close());

function chunked(text: string): RequestInit {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
  return { method: 'POST', body, duplex: 'half' } as RequestInit;
}

describe('limitBody', () => {
  it('lets a body within the limit through on its content-length, unread', async () => {
    const response = await fetch(url, { method: 'POST', body: '{"text":"1"}' });
    expect(await response.json()).toEqual({ text: '{"text":"1"}', viaFetchRequest: false });
  });

  it('answers onError for a declared length over the limit', async () => {
    const response = await fetch(url, { method: 'POST', body: 'x'.repeat(17) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ code: 'TOO_LARGE' });
  });

  it('counts a chunked body as it arrives (through hono bodyLimit)', async () => {
    const over = await fetch(url, chunked('y'.repeat(40)));
    expect(over.status).toBe(413);
    const within = await fetch(url, chunked('short'));
    expect(await within.json()).toEqual({ text: 'short', viaFetchRequest: true });
  });

  it('limits requests handed to fetch() without a server', async () => {
    const over = await app.fetch(new Request(url, { method: 'POST', body: 'z'.repeat(17) }));
    expect(over.status).toBe(413);
  });
});
