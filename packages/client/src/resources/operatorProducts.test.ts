import { describe, expect, it } from 'vitest';
import { useMockService } from '../../test/mswServer';
import { ApiError, RequestValidationError } from '../errors';

const { requests, fresh } = useMockService();

describe('client.operatorProducts', () => {
  it('lists the operator products', async () => {
    const { client } = fresh();
    expect((await client.operatorProducts.list()).map((p) => [p.sku, p.amount])).toEqual([
      ['mtn-airtime', null],
      ['mtn-100', 100],
      ['glo-200', 200],
      ['airtel-500', 500],
    ]);
  });

  it('acquires (202) sending amount null for a priced product, and reads the status', async () => {
    const { client } = fresh();
    const accepted = await client.operatorProducts.acquire({
      operationId: 'op-1',
      sku: 'glo-200',
      acquirerMsisdn: '2348031234567',
    });
    expect(accepted).toEqual({ status: 'ACCEPTED', operationId: 'op-1' });
    expect(await requests[0]?.json()).toEqual({
      operationId: 'op-1',
      sku: 'glo-200',
      acquirerMsisdn: '+2348031234567',
      amount: null,
    });
    expect(await client.operatorProducts.status('op-1')).toBe('success');
    expect(await client.operatorProducts.status('op-unknown')).toBe('not_found');
  });

  it('treats a 409 on a retry as accepted', async () => {
    const { client, handlers } = fresh();
    handlers.service.forceError('operatorAcquire', {
      status: 502,
      afterProcessing: true,
      times: 1,
    });
    const accepted = await client.operatorProducts.acquire({
      operationId: 'op-2',
      sku: 'mtn-airtime',
      acquirerMsisdn: '08031234567',
      amount: 50,
    });
    expect(accepted.status).toBe('ACCEPTED');
    expect(requests).toHaveLength(2);
  });

  it('validates before sending and surfaces 400 answers', async () => {
    const { client } = fresh();
    const invalid = client.operatorProducts.acquire({
      operationId: 'op',
      sku: 'mtn-airtime',
      acquirerMsisdn: '080',
    });
    await expect(invalid).rejects.toMatchObject({ field: 'acquirerMsisdn' });
    await expect(invalid).rejects.toBeInstanceOf(RequestValidationError);
    const missing = await client.operatorProducts
      .acquire({ operationId: 'op-3', sku: 'mtn-airtime', acquirerMsisdn: '08031234567' })
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
  });
});
