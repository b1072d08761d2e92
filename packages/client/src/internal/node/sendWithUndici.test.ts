import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json, startScriptedServer } from '../../../test/scriptedServer';
import {
  ApiError,
  type ClientOptions,
  ConnectionError,
  DuplicateOperationError,
  RequestAbortedError,
  TimeoutError,
  UnexpectedResponseError,
  UssdkitClient,
} from '../../index';

const info = {
  msisdn: '+2348000000000',
  callback: '',
  name: 'Demo Developer',
  emailAddress: 'demo@example.com',
  country: 'NG',
};
const acquire = {
  operationId: 'op-1',
  sku: 'data-1gb',
  beneficiaryId: '08031234567',
  customerMsisdn: '08031234567',
};

let server: Awaited<ReturnType<typeof startScriptedServer>>;
const clients: UssdkitClient[] = [];

/** A client on the undici transport to the scripted server, with fast backoff. */
function undiciClient(options: Partial<ClientOptions> = {}): UssdkitClient {
  const client = new UssdkitClient({
    baseUrl: server.url,
    clientId: 'demo-client',
    clientSecret: 'demo-secret',
    transport: 'undici',
    backoff: { initialDelayMs: 1, maxDelayMs: 2 },
    ...options,
  });
  clients.push(client);
  return client;
}

beforeAll(async () => {
  server = await startScriptedServer();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
afterAll(() => server.close());

describe("transport: 'undici' against a real node:http server", () => {
  it('sends the credentials and the JSON body under the base URL path', async () => {
    server.answer((_request, response) =>
      json(response, 200, { status: 'SUCCESS', transactionId: 't', reference: 'r' }),
    );
    const client = undiciClient({ baseUrl: `${server.url}/api/` });
    expect(await client.acquire.product(acquire)).toMatchObject({ status: 'SUCCESS' });
    const [request] = server.seen;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/v1/acquire/product');
    expect(request?.headers).toMatchObject({
      accept: 'application/json',
      'content-type': 'application/json',
      'x-client-id': 'demo-client',
      'x-client-secret': 'demo-secret',
    });
    expect(JSON.parse(request?.body ?? '')).toEqual({
      ...acquire,
      customerMsisdn: '+2348031234567',
    });
  });

  it('times out an attempt that gets no answer, and retries it', async () => {
    server.answer(() => undefined); // never answers
    const error = await undiciClient({ timeoutMs: 50, maxRetries: 0 })
      .clientInfo.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    server.answer((_request, response) => {
      if (server.seen.length > 1) json(response, 200, info);
    });
    expect(await undiciClient({ timeoutMs: 200 }).clientInfo.get()).toEqual(info);
    expect(server.seen).toHaveLength(2);
  });

  it('times out a body that stops half way, and frees the socket for the next call', async () => {
    server.answer((_request, response) => {
      if (server.seen.length > 1) return json(response, 200, info);
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      response.write('{"msisdn":'); // and never the rest
    });
    const client = undiciClient({ timeoutMs: 100, maxRetries: 0, connection: { connections: 1 } });
    await expect(client.clientInfo.get()).rejects.toBeInstanceOf(TimeoutError);
    expect(await client.clientInfo.get()).toEqual(info);
  });

  it('stops at once when the caller aborts, without retrying', async () => {
    const controller = new AbortController();
    server.answer(() => controller.abort());
    const client = undiciClient();
    const error = await client.clientInfo
      .get({ signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(server.seen).toHaveLength(1);
    await expect(client.clientInfo.get({ signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      RequestAbortedError,
    );
    expect(server.seen).toHaveLength(1);
  });

  it('reports a refused connection as ConnectionError (not a timeout)', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await undiciClient({ baseUrl: `http://127.0.0.1:${port}` })
      .clientInfo.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).not.toBeInstanceOf(TimeoutError);
  });

  it('retries 5xx, then succeeds with the same body', async () => {
    server.answer((_request, response) => {
      if (server.seen.length === 1)
        return json(response, 503, { code: 'UNAVAILABLE', message: 'busy' });
      json(response, 200, { status: 'SUCCESS', transactionId: 't', reference: 'r' });
    });
    expect(await undiciClient().acquire.product(acquire)).toMatchObject({ status: 'SUCCESS' });
    expect(server.seen).toHaveLength(2);
    expect(server.seen[1]?.body).toBe(server.seen[0]?.body);
  });

  it('waits what retry-after asks for rather than its own backoff', async () => {
    server.answer((_request, response) => {
      if (server.seen.length === 1) {
        return json(
          response,
          429,
          { code: 'RATE_LIMITED', message: 'slow down' },
          { 'retry-after-ms': '1' },
        );
      }
      json(response, 200, info);
    });
    // With its own backoff (a minute) this call would not finish within the test's time.
    const client = undiciClient({ backoff: { initialDelayMs: 60_000, maxDelayMs: 60_000 } });
    expect(await client.clientInfo.get()).toEqual(info);
    expect(server.seen).toHaveLength(2);
  });

  it('reports a 2xx body that is not JSON as UnexpectedResponseError with the raw body', async () => {
    server.answer((_request, response) => response.writeHead(200).end('<html>oops</html>'));
    const error = await undiciClient()
      .clientInfo.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error).toMatchObject({ status: 200, body: '<html>oops</html>', field: '' });
  });

  it('builds an ApiError with the raw body, the reason phrase and the headers', async () => {
    server.answer((_request, response) =>
      response
        .writeHead(502, { 'x-trace': 'abc', 'set-cookie': ['a=1', 'b=2'] })
        .end('Bad Gateway'),
    );
    const error = await undiciClient({ maxRetries: 0 })
      .clientInfo.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: 'HTTP_502', body: 'Bad Gateway' });
    expect((error as ApiError).message).toBe('502 HTTP_502: Bad Gateway');
    expect((error as ApiError).headers.get('x-trace')).toBe('abc');
    expect((error as ApiError).headers.getSetCookie()).toEqual(['a=1', 'b=2']);
  });

  it('resolves a 409 on a retry through the status endpoint; a first 409 is an error', async () => {
    server.answer((request, response, raw) => {
      if (request.url.startsWith('/v1/acquire/status')) {
        return json(response, 200, { status: 'SUCCESS', transactionId: 't-9', reference: 'r-9' });
      }
      // The first acquire arrives, its answer is lost; the retry finds the operation.
      if (server.seen.length === 1) return raw.socket.destroy();
      json(response, 409, { code: 'DUPLICATE_OPERATION', message: 'exists' });
    });
    expect(await undiciClient().acquire.product(acquire)).toEqual({
      status: 'SUCCESS',
      transactionId: 't-9',
      reference: 'r-9',
    });
    expect(server.seen.map((request) => request.url)).toEqual([
      '/v1/acquire/product',
      '/v1/acquire/product',
      '/v1/acquire/status?operationId=op-1',
    ]);
    server.answer((_request, response) =>
      json(response, 409, { code: 'DUPLICATE_OPERATION', message: 'exists' }),
    );
    await expect(undiciClient().acquire.product(acquire)).rejects.toBeInstanceOf(
      DuplicateOperationError,
    );
  });

  it('reads every error body, so one kept-alive socket carries all the calls', async () => {
    server.answer((_request, response) => {
      if (server.seen.length <= 3)
        return json(response, 400, { code: 'BAD_REQUEST', message: 'no' });
      json(response, 200, info);
    });
    const client = undiciClient({ connection: { connections: 1 } });
    const socketsBefore = server.sockets;
    for (let i = 0; i < 3; i++)
      await expect(client.clientInfo.get()).rejects.toBeInstanceOf(ApiError);
    expect(await client.clientInfo.get()).toEqual(info);
    expect(server.sockets - socketsBefore).toBe(1);
  });

  it('close() releases the pool; a later call opens a new connection', async () => {
    server.answer((_request, response) => json(response, 200, info));
    const client = undiciClient();
    const socketsBefore = server.sockets;
    await client.clientInfo.get();
    await client.close();
    await client.clientInfo.get();
    expect(server.sockets - socketsBefore).toBe(2);
  });
});

describe("transport: 'undici' and msw", () => {
  const mock = setupServer(
    http.all('*', () =>
      HttpResponse.json({ code: 'MOCKED', message: 'msw answered' }, { status: 418 }),
    ),
  );
  beforeAll(() => mock.listen({ onUnhandledRequest: 'bypass' }));
  afterAll(() => mock.close());

  it('is not intercepted by msw: undici request() goes to the real server', async () => {
    server.answer((_request, response) => json(response, 200, info));
    expect(await undiciClient().clientInfo.get()).toEqual(info);
    expect(server.seen).toHaveLength(1);
  });
});
