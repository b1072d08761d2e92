import {
  acquireResultSchema,
  acquireStatusSchema,
  asyncAcquireResultSchema,
} from '@ussdkit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox, triggerErrorCodes } from '../src/index';
import { type Api, acquireBody, api, opId } from './helpers/api';

let sandbox: RunningSandbox;
let http: Api;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true, providerTimeoutMs: 10 });
  http = api(sandbox.url);
});
afterAll(() => sandbox.close());

async function acquire(overrides: Record<string, unknown>, path = '/v1/acquire/product') {
  const answer = await http.call('POST', path, { body: acquireBody(overrides) });
  expect(answer.status).toBe(200);
  return acquireResultSchema.parse(answer.body);
}

async function status(operationId: string) {
  const answer = await http.call('GET', `/v1/acquire/status?operationId=${operationId}`);
  return acquireStatusSchema.parse(answer.body);
}

async function newDeveloper(fields: Record<string, unknown>) {
  const answer = await http.call('POST', '/sandbox/developers', {
    body: fields,
    credentials: null,
  });
  expect(answer.status).toBe(201);
  const { clientId, clientSecret } = answer.body as { clientId: string; clientSecret: string };
  return { clientId, clientSecret };
}

async function balanceOf(clientId: string) {
  const answer = await http.call('GET', `/sandbox/developers/${clientId}`, { credentials: null });
  return (answer.body as { balance: number }).balance;
}

describe('amount rules', () => {
  it('FIXED: the amount is absent or equal to the price', async () => {
    expect((await acquire({ sku: 'data-1gb' })).status).toBe('SUCCESS');
    expect((await acquire({ sku: 'data-1gb', amount: 500 })).status).toBe('SUCCESS');
    expect(await acquire({ sku: 'data-1gb', amount: 499 })).toEqual({
      status: 'FAILURE',
      error: 'INVALID_AMOUNT',
    });
  });

  it('PROVIDED_BY_USER: required, positive, at most two decimals', async () => {
    expect((await acquire({ sku: 'airtime', amount: 150.5 })).status).toBe('SUCCESS');
    expect(await acquire({ sku: 'airtime' })).toEqual({
      status: 'FAILURE',
      error: 'INVALID_AMOUNT',
    });
    for (const amount of [0, -5, 1.234]) {
      const answer = await http.call('POST', '/v1/acquire/product', {
        body: acquireBody({ sku: 'airtime', amount }),
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('amount'),
      });
    }
  });

  it('BASED_ON_BENEFICIARY_ID: the amount must equal the EXACT value', async () => {
    expect((await acquire({ sku: 'data-plan', amount: 1500 })).status).toBe('SUCCESS');
    expect(await acquire({ sku: 'data-plan', amount: 1400 })).toEqual({
      status: 'FAILURE',
      error: 'INVALID_AMOUNT',
    });
    expect(await acquire({ sku: 'data-plan' })).toEqual({
      status: 'FAILURE',
      error: 'INVALID_AMOUNT',
    });
    const card = { sku: 'dstv-renew', amount: 12500 };
    expect((await acquire({ ...card, beneficiaryId: '1234567890' })).status).toBe('SUCCESS');
    expect(await acquire({ ...card, beneficiaryId: '0000000000' })).toEqual({
      status: 'FAILURE',
      error: 'INVALID_BENEFICIARY_ID',
    });
  });

  it('an unknown sku fails with UNKNOWN_SKU, and is stored', async () => {
    const body = acquireBody({ sku: 'nope' });
    const answer = await http.call('POST', '/v1/acquire/product', { body });
    expect(answer.body).toEqual({ status: 'FAILURE', error: 'UNKNOWN_SKU' });
    expect(await status(body.operationId)).toEqual({ status: 'FAILURE', error: 'UNKNOWN_SKU' });
  });
});

describe('test triggers', () => {
  it.each(triggerErrorCodes)(
    'fail-%s fails with that error, sync and in the status',
    async (code) => {
      const body = acquireBody({ beneficiaryId: `fail-${code}` });
      const answer = await http.call('POST', '/v1/acquire/product', { body });
      expect(answer.body).toEqual({
        status: 'FAILURE',
        error: code,
        rawErrorCode: expect.stringMatching(/^\d+$/),
      });
      expect(await status(body.operationId)).toEqual(answer.body);
    },
  );

  it.each(triggerErrorCodes)('reject-%s refuses an async acquire at once', async (code) => {
    const answer = await http.call('POST', '/v1/acquire/product/async', {
      body: acquireBody({ beneficiaryId: `reject-${code}` }),
    });
    expect(asyncAcquireResultSchema.parse(answer.body)).toEqual({ status: 'FAILURE', error: code });
  });

  it('unknown-success is UNKNOWN for 30 s of sandbox time, then SUCCESS', async () => {
    const body = acquireBody({ beneficiaryId: 'unknown-success' });
    expect(await acquire(body)).toEqual({ status: 'UNKNOWN' });
    expect(await status(body.operationId)).toEqual({ status: 'UNKNOWN' });
    await sandbox.clock.advance(29);
    expect(await status(body.operationId)).toEqual({ status: 'UNKNOWN' });
    await sandbox.clock.advance(1);
    expect(await status(body.operationId)).toMatchObject({ status: 'SUCCESS' });
  });

  it('unknown-failure is UNKNOWN, then FAILURE with INTERNAL', async () => {
    const body = acquireBody({ beneficiaryId: 'unknown-failure' });
    expect(await acquire(body)).toEqual({ status: 'UNKNOWN' });
    await sandbox.clock.advance(30);
    expect(await status(body.operationId)).toMatchObject({ status: 'FAILURE', error: 'INTERNAL' });
  });

  it('slow answers UNKNOWN with TIMEOUT, and succeeds 30 s later', async () => {
    const body = acquireBody({ beneficiaryId: 'slow' });
    expect(await acquire(body)).toEqual({ status: 'UNKNOWN', error: 'TIMEOUT' });
    await sandbox.clock.advance(30);
    expect(await status(body.operationId)).toMatchObject({ status: 'SUCCESS' });
  });
});

describe('permissions, balance and uniqueness', () => {
  it('403 on every acquire endpoint for a developer without ACQUIRE', async () => {
    const credentials = await newDeveloper({ permissions: ['PUSH'] });
    const calls: [string, string, unknown?][] = [
      ['GET', '/v1/acquire/productGroups'],
      ['GET', '/v1/acquire/productGroups/cable?beneficiaryId=1234567890'],
      ['GET', '/v1/acquire/amount?sku=data-plan&beneficiaryId=1'],
      ['POST', '/v1/acquire/product', acquireBody()],
      ['POST', '/v1/acquire/product/async', acquireBody()],
      ['GET', `/v1/acquire/status?operationId=${opId()}`],
      ['GET', '/v1/acquire/products'],
      [
        'POST',
        '/v1/acquire',
        { operationId: opId(), sku: 'mtn-100', acquirerMsisdn: '08031234567', amount: null },
      ],
      ['POST', '/v1/acquire/status', { operationId: opId() }],
    ];
    for (const [method, path, body] of calls) {
      const answer = await http.call(method, path, { body, credentials });
      expect([path, answer.status, answer.body]).toEqual([
        path,
        403,
        { code: 'MISSING_PERMISSION', message: expect.stringContaining('ACQUIRE') },
      ]);
    }
  });

  it('403 on push for a developer without PUSH', async () => {
    const credentials = await newDeveloper({ permissions: ['ACQUIRE'] });
    const answer = await http.call('POST', '/ussd/app/push', {
      body: { appId: 'demo-app', msisdn: '08031234567', contextData: '' },
      credentials,
    });
    expect(answer).toEqual({
      status: 403,
      body: { code: 'MISSING_PERMISSION', message: expect.any(String) },
    });
  });

  it('402 when the balance is below the amount, on both flows; nothing is kept', async () => {
    const credentials = await newDeveloper({ balance: 400 });
    const sync = acquireBody({ sku: 'data-1gb' });
    for (const path of ['/v1/acquire/product', '/v1/acquire/product/async']) {
      const answer = await http.call('POST', path, { body: sync, credentials });
      expect(answer).toEqual({
        status: 402,
        body: { code: 'INSUFFICIENT_BALANCE', message: expect.any(String) },
      });
    }
    const operator = {
      operationId: opId(),
      sku: 'airtel-500',
      acquirerMsisdn: '08031234567',
      amount: null,
    };
    const refused = await http.call('POST', '/v1/acquire', { body: operator, credentials });
    expect(refused.status).toBe(402);
    expect(await balanceOf(credentials.clientId)).toBe(400);
    // The operationId was not used up: the same acquire succeeds once the balance allows it.
    const cheaper = await http.call('POST', '/v1/acquire/product', {
      body: { ...sync, sku: 'data-500mb' },
      credentials,
    });
    expect(cheaper.body).toMatchObject({ status: 'SUCCESS' });
    expect(await balanceOf(credentials.clientId)).toBe(100);
  });

  it('debits once per successful acquire and refunds a failure', async () => {
    const credentials = await newDeveloper({ balance: 10_000 });
    await http.call('POST', '/v1/acquire/product', {
      body: acquireBody({ sku: 'data-1gb' }),
      credentials,
    });
    await http.call('POST', '/v1/acquire/product', {
      body: acquireBody({ sku: 'data-1gb', beneficiaryId: 'fail-INTERNAL' }),
      credentials,
    });
    await http.call('POST', '/v1/acquire/product', {
      body: acquireBody({ sku: 'data-1gb', beneficiaryId: 'unknown-failure' }),
      credentials,
    });
    await sandbox.clock.advance(30);
    expect(await balanceOf(credentials.clientId)).toBe(9_500);
  });

  it('409 for a reused operationId, in both flows', async () => {
    const body = acquireBody();
    expect((await http.call('POST', '/v1/acquire/product', { body })).status).toBe(200);
    for (const path of ['/v1/acquire/product', '/v1/acquire/product/async']) {
      const again = await http.call('POST', path, { body });
      expect(again).toEqual({
        status: 409,
        body: { code: 'DUPLICATE_OPERATION', message: expect.any(String) },
      });
    }
    const operator = await http.call('POST', '/v1/acquire', {
      body: {
        operationId: body.operationId,
        sku: 'mtn-100',
        acquirerMsisdn: '08031234567',
        amount: null,
      },
    });
    expect(operator.status).toBe(409);
  });

  it('20 concurrent duplicates: exactly one acquisition and one debit', async () => {
    const credentials = await newDeveloper({ balance: 5_000 });
    const body = acquireBody({ sku: 'data-1gb' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        http.call('POST', '/v1/acquire/product', { body, credentials }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(await balanceOf(credentials.clientId)).toBe(4_500);
    const history = await http.call('GET', `/sandbox/history?clientId=${credentials.clientId}`, {
      credentials: null,
    });
    expect(history.body).toEqual([
      expect.objectContaining({
        type: 'acquire',
        operationId: body.operationId,
        status: 'SUCCESS',
        amount: 500,
      }),
    ]);
  });

  it('concurrent duplicates across sync, async and operator acquires: exactly one is processed', async () => {
    const credentials = await newDeveloper({ balance: 5_000 });
    const operationId = opId();
    const calls = Array.from({ length: 21 }, (_, i) => {
      if (i % 3 === 0) {
        return http.call('POST', '/v1/acquire/product', {
          body: acquireBody({ operationId }),
          credentials,
        });
      }
      if (i % 3 === 1) {
        return http.call('POST', '/v1/acquire/product/async', {
          body: acquireBody({ operationId }),
          credentials,
        });
      }
      return http.call('POST', '/v1/acquire', {
        body: { operationId, sku: 'airtel-500', acquirerMsisdn: '08031234567', amount: null },
        credentials,
      });
    });
    const answers = await Promise.all(calls);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(20);
    expect(answers.filter((a) => a.status !== 409).map((a) => a.status)).toEqual([
      expect.toSatisfy((status: number) => status === 200 || status === 202),
    ]);
    expect(await balanceOf(credentials.clientId)).toBe(4_500);
  });
});
