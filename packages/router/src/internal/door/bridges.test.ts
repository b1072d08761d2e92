import { once } from 'node:events';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trickledUpload } from '../../../test/support/trickledUpload';
import type { Door, DoorHead } from '../../Door';
import { toNodeHandler } from '../../node/toNodeHandler';
import { fetchHandler } from './fetchHandler';

/** A door that echoes what the bridge gave it, so each way of reading a body can be checked. */
const seen: { head: DoorHead; body: string; cut: boolean }[] = [];
const echo: Door = {
  maxBodyBytes: 1000,
  check: (head) =>
    head.header('authorization') === 'wrong'
      ? { status: 401, type: 'text/plain', body: 'no' }
      : undefined,
  answer: async (head, body, cut) => {
    seen.push({ head, body, cut });
    const bytes = new TextEncoder().encode(body).byteLength;
    return { status: 200, type: 'application/json', body: JSON.stringify({ bytes, body, cut }) };
  },
};

const servers: Server[] = [];
const bases: Record<string, string> = {};

beforeAll(async () => {
  const node = createServer(toNodeHandler(echo)).listen(0, '127.0.0.1');
  await once(node, 'listening');
  // The web bridge on @hono/node-server: its env carries the Node request, read directly.
  const web = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: fetchHandler(echo), port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started as Server),
    );
  });
  servers.push(node, web);
  for (const [name, server] of [
    ['node', node],
    ['fetch', web],
  ] as const) {
    bases[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
});
afterAll(() => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

/** POSTs with node:http so the body can be sent in chunks without a content-length. */
function postChunked(
  url: string,
  chunks: readonly Buffer[],
): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }),
      );
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('the two bridges (node:http and fetch on @hono/node-server) read bodies alike', () => {
  const text = '{"greeting":"Ẹ káàrọ̀ 👋"}';

  it.each(['node', 'fetch'])('%s: reads a UTF-8 body split inside a character', async (bridge) => {
    const bytes = Buffer.from(text);
    const split = bytes.indexOf(0xf0) + 2; // inside the 4-byte emoji
    const answer = await postChunked(`${bases[bridge]}/x?y=1`, [
      bytes.subarray(0, split),
      bytes.subarray(split),
    ]);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ bytes: bytes.length, body: text, cut: false });
    expect(seen.at(-1)?.head).toMatchObject({ path: '/x', query: 'y=1', method: 'POST' });
  });

  it.each(['node', 'fetch'])(
    '%s: stops at the limit and asks the client to close',
    async (bridge) => {
      const answer = await postChunked(`${bases[bridge]}/x`, [
        Buffer.alloc(800, 'a'),
        Buffer.alloc(800, 'b'),
      ]);
      expect(answer.connection).toBe('close');
      const echoed = JSON.parse(answer.body);
      expect(echoed.cut).toBe(true);
      expect(echoed.bytes).toBeGreaterThan(1000);
    },
  );

  it.each(['node', 'fetch'])(
    '%s: reads an empty body as an empty string, and keeps serving',
    async (bridge) => {
      const empty = await postChunked(`${bases[bridge]}/x`, []);
      expect(JSON.parse(empty.body)).toEqual({ bytes: 0, body: '', cut: false });
      const again = await fetch(`${bases[bridge]}/x`, { method: 'POST', body: '{}' });
      expect(await again.json()).toEqual({ bytes: 2, body: '{}', cut: false });
    },
  );

  it.each(['node', 'fetch'])(
    '%s: answers a refused head before the body, and closes',
    async (bridge) => {
      const answer = await trickledUpload(`${bases[bridge]}/x`, { authorization: 'wrong' });
      expect(answer).toMatchObject({ status: 401, body: 'no', connection: 'close' });
    },
  );

  it.each(['node', 'fetch'])(
    '%s: reads a repeated header as its first value, as the door promises',
    async (bridge) => {
      const status = await new Promise<number>((resolve, reject) => {
        // As a raw list, so that the header is sent twice (node:http then adds no host).
        const host = new URL(bases[bridge] ?? '').host;
        const headers = ['host', host, 'content-length', '2'];
        headers.push('authorization', 'wrong', 'authorization', 'other');
        const req = httpRequest(`${bases[bridge]}/x`, { method: 'POST', headers }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end('{}');
      });
      expect(status).toBe(401);
    },
  );

  it('reads a web Request with no Node request behind it (Workers, Bun, Deno)', async () => {
    const handler = fetchHandler(echo);
    const answer = await handler(
      new Request('https://example.test/ussd/x?secret=1', { method: 'POST', body: text }),
    );
    expect(await answer.json()).toEqual({ bytes: Buffer.byteLength(text), body: text, cut: false });
    expect(seen.at(-1)?.head).toMatchObject({ path: '/ussd/x', query: 'secret=1', mounted: false });
  });
});
