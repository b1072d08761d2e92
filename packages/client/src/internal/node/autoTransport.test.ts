// The default transport ('auto', decision 0019): undici's request() while globalThis.fetch is
// Node's own, fetch as soon as something replaced it. Node's fetch sends `sec-fetch-mode: cors`
// on every request and undici's request() never does, so the server tells which one sent.
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, startScriptedServer } from '../../../test/scriptedServer';
import { type ClientOptions, UssdkitClient } from '../../index';
import { createSender as createPortableSender } from '../createSender';
import { nodeFetchInPlace } from './nodeFetchInPlace';

const info = {
  msisdn: '+2348000000000',
  callback: '',
  name: 'Demo Developer',
  emailAddress: 'demo@example.com',
  country: 'NG',
};

let server: Awaited<ReturnType<typeof startScriptedServer>>;
const clients: UssdkitClient[] = [];
const nodeFetch = globalThis.fetch;

function client(options: Partial<ClientOptions> = {}): UssdkitClient {
  const made = new UssdkitClient({
    baseUrl: server.url,
    clientId: 'demo-client',
    clientSecret: 'demo-secret',
    ...options,
  });
  clients.push(made);
  return made;
}

/** Which wire sent the last request the server saw. */
const sentBy = () =>
  server.seen.at(-1)?.headers['sec-fetch-mode'] === undefined ? 'undici' : 'fetch';

beforeAll(async () => {
  server = await startScriptedServer();
});
afterEach(async () => {
  globalThis.fetch = nodeFetch;
  vi.restoreAllMocks();
  await Promise.all(clients.splice(0).map((made) => made.close()));
});
afterAll(() => server.close());

describe('nodeFetchInPlace', () => {
  it("is true for Node's own fetch and false for any replacement", () => {
    expect(nodeFetchInPlace()).toBe(true);
    globalThis.fetch = (input, init) => nodeFetch(input, init);
    expect(nodeFetchInPlace()).toBe(false);
    globalThis.fetch = nodeFetch.bind(globalThis);
    expect(nodeFetchInPlace()).toBe(false);
    globalThis.fetch = nodeFetch;
    expect(nodeFetchInPlace()).toBe(true);
    vi.spyOn(globalThis, 'fetch');
    expect(nodeFetchInPlace()).toBe(false);
  });
});

describe("the default transport ('auto') on Node", () => {
  it("sends with undici's request() while globalThis.fetch is Node's own", async () => {
    server.answer((_request, response) => json(response, 200, info));
    const made = client();
    await expect(made.clientInfo.get()).resolves.toMatchObject({ name: 'Demo Developer' });
    expect(sentBy()).toBe('undici');
    expect(server.seen.at(-1)?.headers['x-client-id']).toBe('demo-client');
  });

  it('goes through a fetch that replaced the global one after the client was made', async () => {
    server.answer((_request, response) => json(response, 200, info));
    const made = client();
    await made.clientInfo.get();
    const spy = vi.fn((input: string | URL | Request, init?: RequestInit) =>
      nodeFetch(input, init),
    );
    globalThis.fetch = spy;
    await made.clientInfo.get();
    expect(spy).toHaveBeenCalledTimes(1);
    expect(sentBy()).toBe('fetch');
    globalThis.fetch = nodeFetch;
    await made.clientInfo.get();
    expect(sentBy()).toBe('undici');
  });

  it('is intercepted by msw started after the client was made', async () => {
    const made = client();
    const msw = setupServer(
      http.get(`${server.url}/client/info`, () => HttpResponse.json({ ...info, name: 'msw' })),
    );
    msw.listen({ onUnhandledRequest: 'error' });
    try {
      await expect(made.clientInfo.get()).resolves.toMatchObject({ name: 'msw' });
    } finally {
      msw.close();
    }
  });

  it('uses the connection agent it owns, and close() lets go of its sockets', async () => {
    server.answer((_request, response) => json(response, 200, info));
    const made = client({ connection: { connections: 1, keepAliveTimeoutMs: 60_000 } });
    const before = server.sockets;
    await made.clientInfo.get();
    await made.clientInfo.get();
    expect(sentBy()).toBe('undici');
    expect(server.sockets - before).toBe(1);
    await made.close();
    await made.clientInfo.get();
    expect(server.sockets - before).toBe(2);
  });

  it('always goes through a fetch option', async () => {
    server.answer((_request, response) => json(response, 200, info));
    const own = vi.fn((input: string | URL, init?: RequestInit) => nodeFetch(input, init));
    await client({ fetch: own }).clientInfo.get();
    expect(own).toHaveBeenCalledTimes(1);
    expect(sentBy()).toBe('fetch');
  });

  it("sends with fetch when asked (transport: 'fetch')", async () => {
    server.answer((_request, response) => json(response, 200, info));
    await client({ transport: 'fetch' }).clientInfo.get();
    expect(sentBy()).toBe('fetch');
  });
});

describe('the build for runtimes other than Node', () => {
  it('sends with fetch and has no undici transport', () => {
    const options = { baseUrl: server.url, clientId: 'c', clientSecret: 's' };
    expect(createPortableSender(options, server.url)).toBeDefined();
    expect(createPortableSender({ ...options, transport: 'undici' }, server.url)).toBeUndefined();
  });
});
