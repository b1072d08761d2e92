import { describe, expectTypeOf, it } from 'vitest';
import type { BuyAsyncResult, BuyMode, BuySyncResult } from './buy';
import { UssdkitClient } from './UssdkitClient';

const client = new UssdkitClient({ baseUrl: 'http://x.test', clientId: 'a', clientSecret: 'b' });
const params = { sku: 'data-1gb', beneficiaryId: '08031234567', customerMsisdn: '08031234567' };

describe('buy() result types', () => {
  it('is a sync result (SUCCESS or UNKNOWN, never FAILURE) by default', () => {
    expectTypeOf(client.buy(params)).resolves.toEqualTypeOf<BuySyncResult>();
    expectTypeOf<BuySyncResult['status']>().toEqualTypeOf<'SUCCESS' | 'UNKNOWN'>();
    expectTypeOf(client.buy({ ...params, mode: 'sync' })).resolves.toEqualTypeOf<BuySyncResult>();
  });

  it("is INITIATED in async mode, or a retried first attempt's real SUCCESS or UNKNOWN", () => {
    expectTypeOf(client.buy({ ...params, mode: 'async' })).resolves.toEqualTypeOf<BuyAsyncResult>();
    expectTypeOf<BuyAsyncResult['status']>().toEqualTypeOf<'INITIATED' | 'SUCCESS' | 'UNKNOWN'>();
    type Success = Extract<BuyAsyncResult, { status: 'SUCCESS' }>;
    expectTypeOf<Success['transactionId']>().toEqualTypeOf<string>();
  });

  it('is a union when the mode is only known at run time', () => {
    const mode = 'async' as BuyMode;
    expectTypeOf(client.buy({ ...params, mode })).resolves.toEqualTypeOf<
      BuySyncResult | BuyAsyncResult
    >();
  });

  it('narrows SUCCESS to its transaction fields and carries the operationId', () => {
    type Success = Extract<BuySyncResult, { status: 'SUCCESS' }>;
    expectTypeOf<Success['transactionId']>().toEqualTypeOf<string>();
    expectTypeOf<BuySyncResult['operationId']>().toEqualTypeOf<string>();
  });

  it('rejects an unknown mode', () => {
    // @ts-expect-error: mode is 'sync' or 'async'
    void client.buy({ ...params, mode: 'later' });
  });
});
