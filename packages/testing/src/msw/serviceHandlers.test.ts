import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serviceEndpoints } from '@ussdkit/protocol';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHandlersOptions } from './ServiceHandlersOptions';
import { type ServiceHandlers, serviceHandlers } from './serviceHandlers';

const base = 'http://service.test';
const auth = { 'x-client-id': 'demo-client', 'x-client-secret': 'demo-secret' };
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function use(options: ServiceHandlersOptions = {}): ServiceHandlers {
  const handlers = serviceHandlers({ baseUrl: base, ...options });
  server.resetHandlers(...handlers);
  return handlers;
}

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = auth,
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? undefined : JSON.parse(text),
  };
}

const acquire = (operationId: string, beneficiaryId = '08031234567', sku = 'data-1gb') => ({
  operationId,
  sku,
  beneficiaryId,
  customerMsisdn: '08031234567',
});

describe('serviceHandlers', () => {
  it('answers every service endpoint with a body its protocol schema accepts', async () => {
    use();
    const answers = {
      productGroups: await call('GET', '/v1/acquire/productGroups'),
      groupProducts: await call('GET', '/v1/acquire/productGroups/cable?beneficiaryId=1234567890'),
      amount: await call('GET', '/v1/acquire/amount?sku=data-plan&beneficiaryId=0803'),
      acquireProduct: await call('POST', '/v1/acquire/product', acquire('a')),
      acquireProductAsync: await call('POST', '/v1/acquire/product/async', acquire('b')),
      acquireStatus: await call('GET', '/v1/acquire/status?operationId=a'),
      operatorProducts: await call('GET', '/v1/acquire/products'),
      operatorAcquireStatus: await call('POST', '/v1/acquire/status', { operationId: 'a' }),
      push: await call('POST', '/ussd/app/push', {
        appId: 'demo-app',
        msisdn: '08031234567',
        contextData: '',
      }),
      clientInfo: await call('GET', '/client/info'),
      appProfile: await call('GET', '/ussd/app/demo-app'),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.status, name).toBe(200);
      const schema = serviceEndpoints[name as keyof typeof answers].response;
      expect(schema.safeParse(answer.body).success, name).toBe(true);
    }
    const operator = await call('POST', '/v1/acquire', {
      operationId: 'c',
      sku: 'mtn-100',
      acquirerMsisdn: '08031234567',
      amount: null,
    });
    expect(operator.status).toBe(202);
  });

  it('authenticates (401) and checks permissions (403)', async () => {
    use({ developer: { permissions: ['ACQUIRE'] } });
    expect((await call('GET', '/client/info', undefined, {})).body).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const wrong = await call('GET', '/client/info', undefined, { ...auth, 'x-client-secret': 'x' });
    expect(wrong.status).toBe(401);
    const push = await call('POST', '/ussd/app/push', {
      appId: 'demo-app',
      msisdn: '08031234567',
      contextData: '',
    });
    expect(push).toMatchObject({ status: 403, body: { code: 'MISSING_PERMISSION' } });
  });

  it('answers 400 with the failing field for a malformed body', async () => {
    use();
    const answer = await call('POST', '/v1/acquire/product', { operationId: 'x', sku: 'data-1gb' });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('BAD_REQUEST');
    expect(answer.body.message).toContain('beneficiaryId');
  });

  it('answers 409 for a reused operationId, and 402 when the balance is too low', async () => {
    const handlers = use({ developer: { balance: 600 } });
    expect((await call('POST', '/v1/acquire/product', acquire('x'))).body.status).toBe('SUCCESS');
    expect(await call('POST', '/v1/acquire/product', acquire('x'))).toMatchObject({
      status: 409,
      body: { code: 'DUPLICATE_OPERATION' },
    });
    expect(handlers.service.developers.get('demo-client')?.balance).toBe(100);
    expect(await call('POST', '/v1/acquire/product', acquire('y'))).toMatchObject({
      status: 402,
      body: { code: 'INSUFFICIENT_BALANCE' },
    });
  });

  it('keeps state per serviceHandlers() call', async () => {
    use();
    await call('POST', '/v1/acquire/product', acquire('same'));
    use();
    expect((await call('POST', '/v1/acquire/product', acquire('same'))).status).toBe(200);
  });

  it('follows outcomes by operationId and beneficiaryId, and the trigger ids', async () => {
    const handlers = use({
      outcomes: {
        byOperationId: { 'op-f': 'fail-INVALID_AMOUNT' },
        byBeneficiaryId: { '0801': 'reject-INTERNAL' },
      },
    });
    expect((await call('POST', '/v1/acquire/product', acquire('op-f'))).body).toEqual({
      status: 'FAILURE',
      error: 'INVALID_AMOUNT',
      rawErrorCode: '21',
    });
    expect((await call('POST', '/v1/acquire/product/async', acquire('r', '0801'))).body).toEqual({
      status: 'FAILURE',
      error: 'INTERNAL',
    });
    handlers.service.setOutcome({ beneficiaryId: '0802' }, 'slow');
    expect((await call('POST', '/v1/acquire/product', acquire('s', '0802'))).body).toEqual({
      status: 'UNKNOWN',
      error: 'TIMEOUT',
    });
    expect(
      (await call('POST', '/v1/acquire/product', acquire('t', 'fail-UNSPECIFIED'))).body.error,
    ).toBe('UNSPECIFIED');
  });

  it('reports UNKNOWN until 30 s of mock time pass, then the final state', async () => {
    const handlers = use();
    await call('POST', '/v1/acquire/product', acquire('u', 'unknown-failure'));
    expect((await call('GET', '/v1/acquire/status?operationId=u')).body).toEqual({
      status: 'UNKNOWN',
    });
    await handlers.service.advance(29);
    expect((await call('GET', '/v1/acquire/status?operationId=u')).body.status).toBe('UNKNOWN');
    await handlers.service.advance(1);
    expect((await call('GET', '/v1/acquire/status?operationId=u')).body).toEqual({
      status: 'FAILURE',
      error: 'INTERNAL',
      rawErrorCode: '10',
    });
  });

  it('forces errors: per endpoint or all, counted, with retry-after, at the network level, after processing', async () => {
    const handlers = use();
    handlers.service.forceError('clientInfo', { status: 429, times: 1, retryAfter: 2 });
    const limited = await call('GET', '/client/info');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect((await call('GET', '/client/info')).status).toBe(200);
    handlers.service.forceError('*', { status: 503, times: 1 });
    expect((await call('GET', '/v1/acquire/products')).body).toEqual({
      code: 'INTERNAL',
      message: 'forced 503 answer',
    });
    handlers.service.forceError('acquireProduct', {
      network: true,
      afterProcessing: true,
      times: 1,
    });
    await expect(call('POST', '/v1/acquire/product', acquire('lost'))).rejects.toThrow();
    expect(handlers.service.operation('demo-client', 'lost')?.status).toBe('SUCCESS');
    handlers.service.forceError('acquireStatus', { status: 402 });
    expect((await call('GET', '/v1/acquire/status?operationId=lost')).body.code).toBe(
      'INSUFFICIENT_BALANCE',
    );
    handlers.service.clearForcedErrors();
    expect((await call('GET', '/v1/acquire/status?operationId=lost')).status).toBe(200);
  });

  it('answers on any origin when no baseUrl is given', async () => {
    server.resetHandlers(...serviceHandlers());
    const response = await fetch('https://elsewhere.test/client/info', { headers: auth });
    expect(response.status).toBe(200);
  });
});

describe('serviceHandlers callbacks', () => {
  const received: unknown[] = [];
  let fail = false;
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString()));
      response.writeHead(fail ? 500 : 200).end();
    });
  });
  let callbackUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cb`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('delivers callbacks past msw to a real receiver, retrying on advance until a 2xx', async () => {
    received.length = 0;
    const seen: unknown[] = [];
    const handlers = use({ developer: { callbackUrl }, onCallback: (body) => seen.push(body) });
    fail = true;
    await call('POST', '/v1/acquire/product/async', acquire('cb-1'));
    await handlers.service.idle();
    expect(received).toHaveLength(1);
    expect(seen).toEqual(received);
    fail = false;
    await handlers.service.advance(1);
    expect(received).toHaveLength(2);
    expect(received[1]).toMatchObject({
      operationId: 'cb-1',
      operation: 'acquire',
      status: { result: 'success' },
    });
    expect(handlers.service.callbacks.map((entry) => [entry.attempt, entry.status])).toEqual([
      [1, 500],
      [2, 200],
    ]);
  });

  it('sends unknown then final callbacks, and logs undeliverable ones without a URL', async () => {
    received.length = 0;
    const handlers = use({ developer: { callbackUrl } });
    await call('POST', '/v1/acquire/product/async', acquire('cb-2', 'unknown-success'));
    await handlers.service.advance(30);
    expect(received.map((body) => (body as { status: { result: string } }).status.result)).toEqual([
      'unknown',
      'success',
    ]);
    const silent = use();
    await call('POST', '/v1/acquire/product/async', acquire('cb-3', 'fail-INTERNAL'));
    expect(silent.service.callbacks[0]).toMatchObject({
      operationId: 'cb-3',
      url: '',
      error: 'no callback URL configured',
      body: { status: { result: 'failure', cause: 'internal' } },
    });
  });

  it('mocks the sandbox API subset when asked', async () => {
    use({ sandboxApi: true });
    const created = await call('POST', '/sandbox/developers', { balance: 5, permissions: [] });
    expect(created.status).toBe(201);
    const patched = await call('PATCH', `/sandbox/developers/${created.body.clientId}`, {
      callbackUrl,
    });
    expect(patched.body.callbackUrl).toBe(callbackUrl);
    expect((await call('POST', '/sandbox/clock/advance', { seconds: 5 })).body.now).toBeTypeOf(
      'number',
    );
    expect((await call('GET', '/sandbox/callbacks')).body).toEqual([]);
    expect((await call('PATCH', '/sandbox/developers/nobody', {})).status).toBe(404);
  });
});
