import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { baseUrl, useMockService } from '../../test/mswServer';
import {
  ApiError,
  ConnectionError,
  RequestAbortedError,
  TimeoutError,
  UnexpectedResponseError,
  UssdkitClient,
} from '../index';

const { server, requests, fresh } = useMockService();

describe('transport', () => {
  it('sends the credentials and JSON headers on every call', async () => {
    const { client } = fresh();
    await client.ussd.push({ appId: 'demo-app', msisdn: '08031234567' });
    const request = requests[0];
    expect(request?.headers.get('x-client-id')).toBe('demo-client');
    expect(request?.headers.get('x-client-secret')).toBe('demo-secret');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(await request?.json()).toEqual({
      appId: 'demo-app',
      msisdn: '+2348031234567',
      contextData: '',
    });
  });

  it('looks globalThis.fetch up at each call, so msw started later sees the requests', async () => {
    const client = new UssdkitClient({
      baseUrl,
      clientId: 'demo-client',
      clientSecret: 'demo-secret',
    });
    fresh();
    expect((await client.clientInfo.get()).name).toBe('Demo Developer');
  });

  it('uses an injected fetch', async () => {
    const seen: string[] = [];
    const { client } = fresh(
      {},
      {
        fetch: async (input, init) => {
          seen.push(String(input));
          return fetch(input, init);
        },
      },
    );
    await client.clientInfo.get();
    expect(seen).toEqual([`${baseUrl}/client/info`]);
  });

  it('retries a GET on 5xx and 429, honouring retry-after', async () => {
    const { client, handlers } = fresh();
    handlers.service.forceError('productGroups', { status: 503, times: 1 });
    handlers.service.forceError('*', { status: 429, times: 1, retryAfter: 0 });
    const groups = await client.acquire.productGroups();
    expect(groups).toHaveLength(2);
    expect(requests).toHaveLength(3);
  });

  it('retries a GET on connection errors', async () => {
    const { client, handlers } = fresh();
    handlers.service.forceError('clientInfo', { network: true, times: 2 });
    expect((await client.clientInfo.get()).name).toBe('Demo Developer');
    expect(requests).toHaveLength(3);
  });

  it('gives up after maxRetries with the last error', async () => {
    const { client, handlers } = fresh({}, { maxRetries: 1 });
    handlers.service.forceError('clientInfo', { status: 500, code: 'INTERNAL' });
    const error = await client.clientInfo.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, code: 'INTERNAL' });
    expect(requests).toHaveLength(2);
    handlers.service.forceError('clientInfo', { network: true });
    await expect(client.clientInfo.get({ maxRetries: 0 })).rejects.toBeInstanceOf(ConnectionError);
  });

  it('does not retry 4xx answers', async () => {
    const { client, handlers } = fresh();
    handlers.service.forceError('clientInfo', { status: 400, times: 1 });
    await expect(client.clientInfo.get()).rejects.toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
    });
    expect(requests).toHaveLength(1);
  });

  it('never retries a push (no idempotency key)', async () => {
    const { client, handlers } = fresh();
    handlers.service.forceError('push', { status: 503, times: 1 });
    await expect(
      client.ussd.push({ appId: 'demo-app', msisdn: '08031234567' }),
    ).rejects.toMatchObject({
      status: 503,
    });
    expect(requests).toHaveLength(1);
  });

  it('times out an attempt after timeoutMs, per client or per call', async () => {
    const { client } = fresh({}, { timeoutMs: 20, maxRetries: 0 });
    server.use(http.get(`${baseUrl}/client/info`, async () => delay('infinite')));
    const error = await client.clientInfo.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    const slow = fresh({}, { maxRetries: 0 }).client;
    server.use(http.get(`${baseUrl}/client/info`, async () => delay('infinite')));
    await expect(slow.clientInfo.get({ timeoutMs: 20 })).rejects.toBeInstanceOf(TimeoutError);
  });

  it('retries an attempt that timed out', async () => {
    const { client } = fresh({}, { timeoutMs: 300 });
    let calls = 0;
    server.use(
      http.get(`${baseUrl}/client/info`, async () => {
        calls += 1;
        if (calls === 1) await delay('infinite');
        return undefined;
      }),
    );
    expect((await client.clientInfo.get()).name).toBe('Demo Developer');
    expect(calls).toBe(2);
  });

  it('stops at once when the caller aborts, without retrying', async () => {
    const { client } = fresh();
    const controller = new AbortController();
    server.use(
      http.get(`${baseUrl}/client/info`, async () => {
        controller.abort();
        return delay('infinite');
      }),
    );
    const call = client.clientInfo.get({ signal: controller.signal });
    await expect(call).rejects.toBeInstanceOf(RequestAbortedError);
    expect(requests).toHaveLength(1);
    await expect(client.clientInfo.get({ signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      RequestAbortedError,
    );
  });

  it('reports a body that is not JSON as UnexpectedResponseError with the raw body', async () => {
    const { client } = fresh();
    server.use(http.get(`${baseUrl}/client/info`, () => HttpResponse.text('<html>oops</html>')));
    const error = await client.clientInfo.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error).toMatchObject({ status: 200, body: '<html>oops</html>', field: '' });
  });

  it('reports a body that fails the schema, naming the field', async () => {
    const { client } = fresh();
    const body = { status: 'SUCCESS', products: [{ sku: 'x' }] };
    server.use(http.get(`${baseUrl}/v1/acquire/productGroups/:id`, () => HttpResponse.json(body)));
    const error = await client.acquire
      .groupProducts('cable', '1234567890')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error).toMatchObject({
      body: JSON.stringify(body),
      field: 'products.0.productDescription',
    });
  });

  it('builds an ApiError from a non-JSON error answer', async () => {
    const { client } = fresh({}, { maxRetries: 0 });
    server.use(
      http.get(`${baseUrl}/client/info`, () => new HttpResponse('Bad Gateway', { status: 502 })),
    );
    const error = await client.clientInfo.get().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'HTTP_502', body: 'Bad Gateway' });
  });
});
