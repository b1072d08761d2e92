import {
  customerAccountsSchema,
  merchantPaymentResponseSchema,
  operationHistorySchema,
} from '@ussdkit/protocol';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHandlersOptions } from './ServiceHandlersOptions';
import { type ServiceHandlers, serviceHandlers } from './serviceHandlers';

// Spec, "Endpoints": "Other operations are referenced: POST /merchant/payment, GET
// /merchant/accounts (returns the customer's banks and accounts), GET /operation/history
// (history of operations, used to check billing)." The handlers answer them with the sandbox's
// rules (docs/decisions/0014-merchant-and-history-endpoints.md).

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

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...auth, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text: await response.text(),
  };
}

const payment = (operationId: string, extra: object = {}) => ({
  operationId,
  customerMsisdn: '08031234567',
  merchantCode: '12345',
  amount: 1500,
  ...extra,
});

const historyOf = async (query = '') =>
  operationHistorySchema.parse(JSON.parse((await call('GET', `/operation/history${query}`)).text))
    .operations;

describe('POST /merchant/payment', () => {
  it('answers 202 with a recovery code; the payment waits for the test to complete it, then calls back', async () => {
    const seen: unknown[] = [];
    const handlers = use({ onCallback: (body) => seen.push(body) });
    const answer = await call('POST', '/merchant/payment', payment('mp-1'));
    expect(answer.status).toBe(202);
    expect(merchantPaymentResponseSchema.parse(JSON.parse(answer.text)).recoveryShortcode).toMatch(
      /^\*384\*0\*\d{5}#$/,
    );
    expect((await historyOf())[0]).toMatchObject({ operationId: 'mp-1', status: 'INITIATED' });
    handlers.service.completeMerchantPayment('mp-1', { result: 'Unknown' });
    handlers.service.completeMerchantPayment('mp-1', {
      result: 'Failure',
      cause: 'InsufficientBalance',
    });
    expect(seen).toEqual([
      { clientId: 'demo-client', operationId: 'mp-1', result: 'Unknown' },
      {
        clientId: 'demo-client',
        operationId: 'mp-1',
        result: 'Failure',
        cause: 'InsufficientBalance',
      },
    ]);
    expect(handlers.service.merchantPayment('demo-client', 'mp-1')).toMatchObject({
      status: 'FAILURE',
      cause: 'InsufficientBalance',
    });
  });

  it('answers a reused operationId with 400 text/plain ALREADY_INITIATED, as the sandbox does', async () => {
    use();
    await call('POST', '/merchant/payment', payment('mp-2'));
    const again = await call('POST', '/merchant/payment', payment('mp-2'));
    expect(again).toEqual({
      status: 400,
      type: expect.stringMatching(/^text\/plain/),
      text: 'ALREADY_INITIATED',
    });
  });

  it("shares one operationId namespace with acquires, both ways, as the sandbox's rules do", async () => {
    use();
    const acquire = (operationId: string) =>
      call('POST', '/v1/acquire/product', {
        operationId,
        sku: 'data-1gb',
        beneficiaryId: '08031234567',
        customerMsisdn: '08031234567',
      });
    expect((await acquire('shared-1')).status).toBe(200);
    expect(await call('POST', '/merchant/payment', payment('shared-1'))).toMatchObject({
      status: 400,
      text: 'ALREADY_INITIATED',
    });
    expect((await call('POST', '/merchant/payment', payment('shared-2'))).status).toBe(202);
    expect((await acquire('shared-2')).status).toBe(409);
  });

  it('answers null without RECOVERY, fails NoAccounts at once, and names bad fields', async () => {
    use({ developer: { permissions: [] } });
    expect(JSON.parse((await call('POST', '/merchant/payment', payment('mp-3'))).text)).toEqual({
      recoveryShortcode: null,
    });
    await call('POST', '/merchant/payment', payment('mp-4', { customerMsisdn: '08031230000' }));
    expect((await historyOf('?operationId=mp-4'))[0]).toMatchObject({
      status: 'FAILURE',
      cause: 'NoAccounts',
    });
    const bad = await call('POST', '/merchant/payment', payment('mp-5', { bankCode: '001' }));
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('bankCode'),
    });
  });
});

describe('GET /merchant/accounts and GET /operation/history', () => {
  it('lists the customer banks and accounts', async () => {
    use();
    const answer = await call('GET', '/merchant/accounts?customerMsisdn=08031234567');
    const accounts = customerAccountsSchema.parse(JSON.parse(answer.text));
    expect(accounts.banks.map((bank) => bank.bankCode)).toEqual(['044', '058', '057']);
  });

  it('lists acquires, pushes and merchant payments, filtered, and bounded by historyRetention', async () => {
    const handlers = use({ historyRetention: { entries: 3, seconds: 3600 } });
    for (const operationId of ['a-1', 'a-2']) {
      await call('POST', '/v1/acquire/product', {
        operationId,
        sku: 'data-1gb',
        beneficiaryId: '08031234567',
        customerMsisdn: '08031234567',
      });
    }
    await call('POST', '/ussd/app/push', {
      appId: 'demo-app',
      msisdn: '08031234567',
      contextData: '',
    });
    await call('POST', '/merchant/payment', payment('mp-6'));
    expect((await historyOf()).map((entry) => entry.type)).toEqual([
      'acquire',
      'push',
      'merchantPayment',
    ]);
    // a-1 left with its entry: its status is NOT_FOUND.
    expect(JSON.parse((await call('GET', '/v1/acquire/status?operationId=a-1')).text)).toEqual({
      status: 'NOT_FOUND',
    });
    expect(await historyOf('?type=push')).toHaveLength(1);
    await handlers.service.advance(3600);
    expect(await historyOf()).toEqual([]);
    const wrong = await call('GET', '/operation/history?type=refund');
    expect(wrong.status).toBe(400);
  });
});
