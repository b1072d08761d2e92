import { serviceEndpoints } from '@ussdkit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../src/index';
import { type Api, acquireBody, api, opId } from './helpers/api';

type EndpointName = keyof typeof serviceEndpoints;

let sandbox: RunningSandbox;
let http: Api;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  http = api(sandbox.url);
});
afterAll(() => sandbox.close());

/** Calls one service endpoint with valid input; checks the answer against its protocol schema. */
const validCalls: Record<EndpointName, () => [string, string, unknown?]> = {
  productGroups: () => ['GET', '/v1/acquire/productGroups'],
  groupProducts: () => ['GET', '/v1/acquire/productGroups/cable?beneficiaryId=1234567890'],
  amount: () => ['GET', '/v1/acquire/amount?sku=dstv-renew&beneficiaryId=1234567890'],
  acquireProduct: () => ['POST', '/v1/acquire/product', acquireBody()],
  acquireProductAsync: () => ['POST', '/v1/acquire/product/async', acquireBody()],
  acquireStatus: () => ['GET', `/v1/acquire/status?operationId=${opId()}`],
  operatorProducts: () => ['GET', '/v1/acquire/products'],
  operatorAcquire: () => [
    'POST',
    '/v1/acquire',
    { operationId: opId(), sku: 'mtn-100', acquirerMsisdn: '08031234567', amount: null },
  ],
  operatorAcquireStatus: () => ['POST', '/v1/acquire/status', { operationId: opId() }],
  push: () => [
    'POST',
    '/ussd/app/push',
    { appId: 'demo-app', msisdn: '08031234567', contextData: 'receipt' },
  ],
  clientInfo: () => ['GET', '/client/info'],
  appProfile: () => ['GET', '/ussd/app/demo-app'],
};

const names = Object.keys(validCalls) as EndpointName[];

describe('every service endpoint', () => {
  it.each(names)('%s answers with a body its protocol schema accepts', async (name) => {
    const [method, path, body] = validCalls[name]();
    const endpoint = serviceEndpoints[name];
    expect(endpoint.method).toBe(method);
    const answer = await http.call(method, path, { body });
    expect(answer.status).toBe(name === 'operatorAcquire' ? 202 : 200);
    if ('response' in endpoint) expect(endpoint.response.parse(answer.body)).toBeDefined();
  });

  it.each(names)('%s answers 401 JSON without credentials or with wrong ones', async (name) => {
    const [method, path, body] = validCalls[name]();
    const bad = [
      null,
      { clientId: 'demo-client', clientSecret: 'wrong' },
      { clientId: 'nobody', clientSecret: 'demo-secret' },
    ];
    for (const credentials of bad) {
      const answer = await http.call(method, path, { body, credentials });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('answers the demo catalogue', async () => {
    const groups = await http.call('GET', '/v1/acquire/productGroups');
    expect(groups.body).toHaveLength(2);
    expect(groups.body).toContainEqual({
      type: 'BENEFICIARY_SPECIFIC_PRODUCT_GROUP',
      groupId: 'cable',
      groupName: 'Cable TV',
      beneficiaryIdLabel: 'Smart card number',
      tags: ['cable'],
    });
    const products = await http.call('GET', '/v1/acquire/products');
    expect(products.body).toContainEqual({
      sku: 'mtn-airtime',
      operator: 'mtn',
      amount: null,
      description: expect.any(String),
    });
  });

  it('answers the group endpoint under its other name, GET /products/{productGroupId}', async () => {
    const path = 'cable?beneficiaryId=1234567890';
    const alias = await http.call('GET', `/products/${path}`);
    expect(alias.status).toBe(200);
    expect(alias.body).toEqual((await http.call('GET', `/v1/acquire/productGroups/${path}`)).body);
    const anonymous = await http.call('GET', `/products/${path}`, { credentials: null });
    expect(anonymous.status).toBe(401);
  });

  it('answers FAILURE for a bad group or beneficiary', async () => {
    const bad = [
      ['/v1/acquire/productGroups/nope?beneficiaryId=1234567890', 'INVALID_GROUP_ID'],
      ['/v1/acquire/productGroups/cable?beneficiaryId=0000000000', 'INVALID_BENEFICIARY_ID'],
      ['/v1/acquire/productGroups/cable?beneficiaryId=12345', 'INVALID_BENEFICIARY_ID'],
    ] as const;
    for (const [path, error] of bad) {
      const answer = await http.call('GET', path);
      expect(answer).toEqual({ status: 200, body: { status: 'FAILURE', error } });
    }
  });

  it('answers the amount of a beneficiary-based product', async () => {
    const answer = await http.call('GET', '/v1/acquire/amount?sku=data-plan&beneficiaryId=0803');
    expect(answer.body).toEqual({
      status: 'SUCCESS',
      amount: { value: 1500, restrictions: 'EXACT' },
      beneficiaryDetails: { beneficiaryName: 'Subscriber 0803' },
      paymentDetails: { productName: 'Data plan renewal' },
    });
    const unknown = await http.call('GET', '/v1/acquire/amount?sku=nope&beneficiaryId=1');
    expect(unknown.body).toEqual({ status: 'FAILURE', error: 'UNKNOWN_SKU' });
  });

  it('reports status NOT_FOUND, then the stored result', async () => {
    const body = acquireBody();
    const before = await http.call('GET', `/v1/acquire/status?operationId=${body.operationId}`);
    expect(before.body).toEqual({ status: 'NOT_FOUND' });
    const result = await http.call('POST', '/v1/acquire/product', { body });
    const after = await http.call('GET', `/v1/acquire/status?operationId=${body.operationId}`);
    expect(after.body).toEqual(result.body);
    expect(after.body).toMatchObject({ status: 'SUCCESS' });
  });

  it('runs the operator-products flow: 202, then a bare status string', async () => {
    const operationId = opId();
    const missing = await http.call('POST', '/v1/acquire/status', { body: { operationId } });
    expect(missing.body).toBe('not_found');
    const accepted = await http.call('POST', '/v1/acquire', {
      body: { operationId, sku: 'mtn-airtime', acquirerMsisdn: '08031234567', amount: 250 },
    });
    expect(accepted).toEqual({ status: 202, body: { status: 'ACCEPTED' } });
    const status = await http.call('POST', '/v1/acquire/status', { body: { operationId } });
    expect(status.body).toBe('success');
    for (const [sku, amount] of [
      ['mtn-airtime', null],
      ['mtn-100', 150],
      ['nope', 100],
    ] as const) {
      const refused = await http.call('POST', '/v1/acquire', {
        body: { operationId: opId(), sku, acquirerMsisdn: '08031234567', amount },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'BAD_REQUEST' });
    }
  });

  it('answers the client profile and only the developer’s own apps', async () => {
    const info = await http.call('GET', '/client/info');
    expect(info.body).toMatchObject({ name: 'Demo Developer', country: 'NG' });
    const profile = await http.call('GET', '/ussd/app/demo-app');
    expect(profile.body).toEqual({
      appId: 'demo-app',
      url: 'http://127.0.0.1:3000/ussd',
      shortcode: '384*1',
    });
    const other = await http.call('GET', '/ussd/app/nope');
    expect(other).toEqual({
      status: 404,
      body: { code: 'APP_NOT_FOUND', message: expect.any(String) },
    });
  });

  it('answers 404 JSON for unknown paths', async () => {
    const answer = await http.call('GET', '/v2/nothing', { credentials: null });
    expect(answer).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: expect.any(String) },
    });
    const health = await http.call('GET', '/health', { credentials: null });
    expect(health.status).toBe(200);
  });
});
