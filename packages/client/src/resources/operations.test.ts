import { describe, expect, it } from 'vitest';
import { useMockService } from '../../test/mswServer';
import { ApiError, RequestValidationError } from '../errors';

const { requests, fresh } = useMockService();
const msisdn = '08031234567';

describe('client.operations', () => {
  it('reads the history of the developer: acquires, pushes and merchant payments, oldest first', async () => {
    const { client } = fresh();
    await client.acquire.product({
      operationId: 'a-1',
      sku: 'data-1gb',
      beneficiaryId: msisdn,
      customerMsisdn: msisdn,
    });
    const pushed = await client.ussd.push({ appId: 'demo-app', msisdn });
    await client.merchant.payment({
      operationId: 'm-1',
      customerMsisdn: msisdn,
      merchantCode: '12345',
      amount: 700,
    });
    const { operations } = await client.operations.history();
    expect(operations.map((entry) => entry.type)).toEqual(['acquire', 'push', 'merchantPayment']);
    expect(operations[0]).toMatchObject({
      operationId: 'a-1',
      customerMsisdn: '+2348031234567',
      amount: 500,
      status: 'SUCCESS',
    });
    expect(operations[1]).toMatchObject({ sessionId: pushed.sessionId, appId: 'demo-app' });
    expect(operations[2]).toMatchObject({
      operationId: 'm-1',
      status: 'INITIATED',
      executionMode: { mode: 'WithBankResponseTimeout', millis: 30_000 },
    });
  });

  it('sends the query, and filters by type and operationId', async () => {
    const { client } = fresh();
    await client.merchant.payment({
      operationId: 'm-2',
      customerMsisdn: msisdn,
      merchantCode: '12345',
      amount: 700,
    });
    const found = await client.operations.history({ type: 'merchantPayment', operationId: 'm-2' });
    expect(found.operations).toHaveLength(1);
    expect(await client.operations.history({ type: 'acquire' })).toEqual({ operations: [] });
    await client.operations.history({ from: 0, to: 1.5, sessionId: 's 1' });
    expect(requests.at(-1)?.url).toBe(
      'http://service.test/operation/history?from=0&to=1.5&sessionId=s+1',
    );
  });

  it('refuses a bad time before sending, and the service refuses an unknown type', async () => {
    const { client } = fresh();
    const error = await client.operations.history({ from: -1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error).toMatchObject({ field: 'from' });
    expect(requests).toHaveLength(0);
    const wrongType = await client.operations
      // @ts-expect-error: a type the service does not know, to see its 400
      .history({ type: 'refund' })
      .catch((e: unknown) => e);
    expect(wrongType).toBeInstanceOf(ApiError);
    expect(wrongType).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect((wrongType as Error).message).toContain('type');
  });
});
