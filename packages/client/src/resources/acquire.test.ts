import { describe, expect, it } from 'vitest';
import { useMockService } from '../../test/mswServer';
import {
  DuplicateOperationError,
  InsufficientBalanceError,
  PermissionDeniedError,
  RequestValidationError,
} from '../errors';

const { requests, fresh } = useMockService();
const msisdn = '08031234567';
const request = (operationId: string, extra: object = {}) => ({
  operationId,
  sku: 'data-1gb',
  beneficiaryId: msisdn,
  customerMsisdn: msisdn,
  ...extra,
});

describe('client.acquire', () => {
  it('lists product groups and the products of a beneficiary, encoding the path', async () => {
    const { client } = fresh();
    expect((await client.acquire.productGroups()).map((group) => group.groupId)).toEqual([
      'airtime-data',
      'cable',
    ]);
    expect(await client.acquire.groupProducts('ca ble/x', '1234567890')).toEqual({
      status: 'FAILURE',
      error: 'INVALID_GROUP_ID',
    });
    expect(requests[1]?.url).toBe(
      'http://service.test/v1/acquire/productGroups/ca%20ble%2Fx?beneficiaryId=1234567890',
    );
  });

  it('reads an amount', async () => {
    const { client } = fresh();
    const answer = await client.acquire.amount({ sku: 'dstv-renew', beneficiaryId: '1234567890' });
    expect(answer).toMatchObject({ status: 'SUCCESS', amount: { value: 12500 } });
    expect(await client.acquire.amount({ sku: 'nope', beneficiaryId: '1' })).toEqual({
      status: 'FAILURE',
      error: 'UNKNOWN_SKU',
    });
  });

  it('acquires sync and async, sending the msisdn normalised', async () => {
    const { client } = fresh();
    expect(await client.acquire.product(request('op-1'))).toMatchObject({ status: 'SUCCESS' });
    expect(await requests[0]?.json()).toEqual({
      operationId: 'op-1',
      sku: 'data-1gb',
      beneficiaryId: msisdn,
      customerMsisdn: '+2348031234567',
    });
    expect(await client.acquire.productAsync(request('op-2'))).toEqual({ status: 'INITIATED' });
    expect(await client.acquire.status('op-2')).toMatchObject({ status: 'SUCCESS' });
  });

  it('validates the request before sending', async () => {
    const { client } = fresh();
    const cases: [object, string][] = [
      [{ amount: 10.555 }, 'amount'],
      [{ amount: -1 }, 'amount'],
      [{ customerMsisdn: '12345' }, 'customerMsisdn'],
      [{ sku: '' }, 'sku'],
      [{ operationId: '' }, 'operationId'],
    ];
    for (const [extra, field] of cases) {
      const error = await client.acquire.product(request('op', extra)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(error).toMatchObject({ field });
    }
    expect(requests).toHaveLength(0);
  });

  it('resolves a 409 on a retry through the status endpoint (the first attempt arrived)', async () => {
    const { client, handlers } = fresh();
    handlers.service.forceError('acquireProduct', { status: 503, afterProcessing: true, times: 1 });
    const result = await client.acquire.product(request('op-409'));
    expect(result).toMatchObject({ status: 'SUCCESS' });
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'POST /v1/acquire/product',
      'POST /v1/acquire/product',
      'GET /v1/acquire/status',
    ]);
    expect(handlers.service.developers.get('demo-client')?.balance).toBe(1_000_000 - 500);
  });

  it("resolves a lost async answer the same way, after a connection error, to the first attempt's real status", async () => {
    const { client, handlers } = fresh();
    handlers.service.forceError('acquireProductAsync', {
      network: true,
      afterProcessing: true,
      times: 1,
    });
    // The first attempt succeeded at once: its real status, not an INITIATED it has left.
    expect(await client.acquire.productAsync(request('op-async'))).toEqual({
      status: 'SUCCESS',
      transactionId: expect.any(String),
      reference: expect.any(String),
    });
    handlers.service.forceError('acquireProductAsync', {
      network: true,
      afterProcessing: true,
      times: 1,
    });
    const failed = await client.acquire.productAsync(
      request('op-r', { beneficiaryId: 'reject-INTERNAL' }),
    );
    expect(failed).toMatchObject({ status: 'FAILURE', error: 'INTERNAL' });
  });

  it('reports a still UNKNOWN first attempt as UNKNOWN after a 409 on retry', async () => {
    const { client, handlers } = fresh();
    handlers.service.forceError('acquireProduct', { status: 500, afterProcessing: true, times: 1 });
    const result = await client.acquire.product(
      request('op-u', { beneficiaryId: 'unknown-success' }),
    );
    expect(result).toEqual({ status: 'UNKNOWN' });
  });

  it('keeps a 409 on the first attempt a DuplicateOperationError', async () => {
    const { client } = fresh();
    await client.acquire.product(request('op-dup'));
    const error = await client.acquire.product(request('op-dup')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DuplicateOperationError);
    expect(error).toMatchObject({ operationId: 'op-dup', status: 409 });
  });

  it('answers NOT_FOUND for an unknown operationId', async () => {
    const { client } = fresh();
    expect(await client.acquire.status('never')).toEqual({ status: 'NOT_FOUND' });
  });

  it('throws InsufficientBalanceError (402) with the operationId, never retried', async () => {
    const { client } = fresh({ developer: { balance: 499 } });
    const error = await client.acquire.product(request('op-poor')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientBalanceError);
    expect(error).toMatchObject({
      status: 402,
      code: 'INSUFFICIENT_BALANCE',
      operationId: 'op-poor',
    });
    expect(requests).toHaveLength(1);
  });

  it('throws PermissionDeniedError (403) without ACQUIRE', async () => {
    const { client } = fresh({ developer: { permissions: ['PUSH'] } });
    const error = await client.acquire.productGroups().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ status: 403, code: 'MISSING_PERMISSION' });
  });
});
