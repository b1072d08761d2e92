import { errorBody } from '@ussdkit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../src/index';
import { type Api, acquireBody, api, demoCredentials } from './helpers/api';

let sandbox: RunningSandbox;
let http: Api;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  http = api(sandbox.url);
});
afterAll(() => sandbox.close());

/** Every endpoint that reads a JSON body. */
const bodyEndpoints = [
  '/v1/acquire/product',
  '/v1/acquire/product/async',
  '/v1/acquire',
  '/v1/acquire/status',
  '/ussd/app/push',
  '/sandbox/developers',
  '/sandbox/apps',
  '/sandbox/clock/advance',
];

async function expectJsonError(
  answer: { status: number; body: unknown },
  status: number,
  mention?: string,
) {
  expect(answer.status).toBe(status);
  const body = errorBody.parse(answer.body);
  if (mention !== undefined) expect(body.message).toContain(mention);
  const health = await http.call('GET', '/health', { credentials: null });
  expect(health.status).toBe(200);
}

describe('bad input gets 4xx JSON and the server keeps serving', () => {
  it.each(bodyEndpoints)('%s: invalid JSON is 400 naming the problem', async (path) => {
    await expectJsonError(await http.call('POST', path, { raw: '{"operationId": ' }), 400, 'JSON');
  });

  it.each(bodyEndpoints)('%s: an empty body is 400', async (path) => {
    await expectJsonError(await http.call('POST', path, { raw: '' }), 400);
  });

  it.each(bodyEndpoints)('%s: a 1 MB body is 413', async (path) => {
    const raw = JSON.stringify({ operationId: 'x'.repeat(1024 * 1024) });
    await expectJsonError(await http.call('POST', path, { raw }), 413);
  });

  it('a body over the limit without Content-Length is 413 too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 16) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await fetch(`${sandbox.url}/v1/acquire/product`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-client-id': demoCredentials.clientId,
        'x-client-secret': demoCredentials.clientSecret,
      },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await expectJsonError({ status: response.status, body: await response.json() }, 413);
  });

  it('wrong types and missing fields are 400 naming the field', async () => {
    const cases: [string, unknown, string][] = [
      ['/v1/acquire/product', acquireBody({ amount: '100' }), 'amount'],
      ['/v1/acquire/product', { ...acquireBody(), sku: undefined }, 'sku'],
      ['/v1/acquire/product', acquireBody({ operationId: 42 }), 'operationId'],
      ['/v1/acquire/product', [], '(body)'],
      ['/v1/acquire', { operationId: 'x', sku: 'mtn-100', amount: null }, 'acquirerMsisdn'],
      ['/v1/acquire/status', { operationId: '' }, 'operationId'],
      ['/ussd/app/push', { appId: 'demo-app', msisdn: '08031234567' }, 'contextData'],
      ['/sandbox/apps', { clientId: 'demo-client' }, 'url'],
      ['/sandbox/developers', { permissions: 'ACQUIRE' }, 'permissions'],
    ];
    for (const [path, body, field] of cases) {
      await expectJsonError(await http.call('POST', path, { body }), 400, field);
    }
  });

  it('missing query parameters are 400 naming them', async () => {
    const cases: [string, string][] = [
      ['/v1/acquire/status', 'operationId'],
      ['/v1/acquire/amount?sku=data-plan', 'beneficiaryId'],
      ['/v1/acquire/amount?beneficiaryId=1', 'sku'],
      ['/v1/acquire/productGroups/cable', 'beneficiaryId'],
    ];
    for (const [path, name] of cases) {
      await expectJsonError(await http.call('GET', path), 400, name);
    }
  });

  it('hostile keys do not pollute anything', async () => {
    const raw =
      '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}, "seconds": 0}';
    const answer = await http.call('POST', '/sandbox/clock/advance', { raw, credentials: null });
    expect(answer.status).toBe(200);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
