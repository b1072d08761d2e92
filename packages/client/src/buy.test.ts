import { describe, expect, it } from 'vitest';
import { useMockService } from '../test/mswServer';
import { AcquireFailedError, RequestValidationError } from './errors';

const { requests, fresh } = useMockService();
const msisdn = '08031234567';
const base = { beneficiaryId: msisdn, customerMsisdn: msisdn };
const paths = () => requests.map((r) => `${r.method} ${new URL(r.url).pathname}`);

describe('buy', () => {
  it('buys a FIXED product without sending its amount, with a generated operationId', async () => {
    const { client } = fresh({}, { generateOperationId: () => 'gen-1' });
    const bought = await client.buy({ ...base, sku: 'data-500mb' });
    expect(bought).toMatchObject({ status: 'SUCCESS', operationId: 'gen-1', amount: 300 });
    const body = await requests.at(-1)?.json();
    expect(body).toEqual({
      operationId: 'gen-1',
      sku: 'data-500mb',
      beneficiaryId: msisdn,
      customerMsisdn: '+2348031234567',
    });
  });

  it('skips the look-up when given the product, and accepts the right FIXED amount', async () => {
    const { client } = fresh();
    const product = {
      sku: 'data-1gb',
      amount: 500,
      productDescription: '1 GB data',
      amountSource: 'FIXED' as const,
      tags: ['data'],
    };
    await client.buy({ ...base, product, amount: 500, operationId: 'op-1' });
    expect(paths()).toEqual(['POST /v1/acquire/product']);
  });

  it('rejects a FIXED amount that differs from the price', async () => {
    const { client } = fresh();
    const error = await client
      .buy({ ...base, sku: 'data-1gb', amount: 400 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error).toMatchObject({ field: 'amount' });
  });

  it('requires an amount for PROVIDED_BY_USER, with at most two decimals', async () => {
    const { client } = fresh();
    await expect(client.buy({ ...base, sku: 'airtime' })).rejects.toMatchObject({
      name: 'RequestValidationError',
      field: 'amount',
    });
    await expect(client.buy({ ...base, sku: 'airtime', amount: 1.234 })).rejects.toMatchObject({
      field: 'amount',
    });
    expect(paths().filter((p) => p.startsWith('POST'))).toEqual([]);
  });

  it('rejects a malformed msisdn naming the field', async () => {
    const { client } = fresh();
    await expect(
      client.buy({ ...base, sku: 'data-1gb', customerMsisdn: '+1 555 0100' }),
    ).rejects.toMatchObject({ field: 'customerMsisdn' });
  });

  it('fills a BASED_ON_BENEFICIARY_ID amount from the amount endpoint, and checks a given one', async () => {
    const { client } = fresh();
    const bought = await client.buy({
      sku: 'dstv-renew',
      beneficiaryId: '1234567890',
      customerMsisdn: msisdn,
    });
    expect(bought.amount).toBe(12500);
    expect(paths()).toEqual([
      'GET /v1/acquire/productGroups',
      'GET /v1/acquire/productGroups/cable',
      'GET /v1/acquire/amount',
      'POST /v1/acquire/product',
    ]);
    expect(await requests.at(-1)?.json()).toMatchObject({ amount: 12500 });
    await expect(
      client.buy({
        sku: 'dstv-renew',
        groupId: 'cable',
        beneficiaryId: '1234567890',
        customerMsisdn: msisdn,
        amount: 12000,
      }),
    ).rejects.toMatchObject({ field: 'amount' });
  });

  it('throws AcquireFailedError when the amount endpoint fails', async () => {
    const { client } = fresh();
    const product = {
      sku: 'ghost',
      productDescription: 'x',
      amountSource: 'BASED_ON_BENEFICIARY_ID' as const,
      tags: [],
    };
    const error = await client.buy({ ...base, product }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AcquireFailedError);
    expect(error).toMatchObject({ code: 'UNKNOWN_SKU' });
  });

  it('names the sku when no group has it', async () => {
    const { client } = fresh();
    await expect(client.buy({ ...base, sku: 'nothing' })).rejects.toMatchObject({ field: 'sku' });
  });

  it('throws AcquireFailedError with the code, raw code and operationId on FAILURE', async () => {
    const { client } = fresh({ outcomes: { byOperationId: { 'op-f': 'fail-UNKNOWN_SKU' } } });
    const error = await client
      .buy({ ...base, sku: 'data-1gb', operationId: 'op-f' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AcquireFailedError);
    expect(error).toMatchObject({
      code: 'UNKNOWN_SKU',
      rawErrorCode: '22',
      operationId: 'op-f',
      status: 200,
    });
  });

  it('returns UNKNOWN for the caller to wait on, and INITIATED in async mode', async () => {
    const { client } = fresh({ outcomes: { byBeneficiaryId: { [msisdn]: 'unknown-success' } } });
    const sync = await client.buy({ ...base, sku: 'data-1gb' });
    expect(sync.status).toBe('UNKNOWN');
    const async = await client.buy({ ...base, sku: 'data-1gb', mode: 'async', operationId: 'a-1' });
    expect(async).toEqual({ status: 'INITIATED', operationId: 'a-1', amount: 500 });
  });
});
