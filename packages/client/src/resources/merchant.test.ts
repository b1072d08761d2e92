import { describe, expect, it } from 'vitest';
import { useMockService } from '../../test/mswServer';
import { ApiError, DuplicateOperationError, RequestValidationError } from '../errors';

const { requests, fresh } = useMockService();
const payment = (operationId: string, extra: object = {}) => ({
  operationId,
  customerMsisdn: '08031234567',
  merchantCode: '12345',
  amount: 1500,
  ...extra,
});

describe('client.merchant', () => {
  it('starts a payment: POST /merchant/payment, the msisdn normalised, 202 with a recovery code', async () => {
    const { client } = fresh();
    const answer = await client.merchant.payment(payment('mp-1', { bankCode: '058' }));
    expect(answer.recoveryShortcode).toMatch(/^\*384\*0\*\d{5}#$/);
    expect(requests[0]?.method).toBe('POST');
    expect(await requests[0]?.json()).toEqual({
      operationId: 'mp-1',
      customerMsisdn: '+2348031234567',
      merchantCode: '12345',
      amount: 1500,
      bankCode: '058',
    });
  });

  it('answers null for the recovery code without the RECOVERY permission', async () => {
    const { client } = fresh({ developer: { permissions: [] } });
    expect(await client.merchant.payment(payment('mp-2'))).toEqual({ recoveryShortcode: null });
  });

  it('throws DuplicateOperationError (400 ALREADY_INITIATED, plain text) for a reused operationId', async () => {
    const { client } = fresh();
    await client.merchant.payment(payment('mp-3'));
    const error = await client.merchant.payment(payment('mp-3')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DuplicateOperationError);
    expect(error).toMatchObject({
      status: 400,
      code: 'ALREADY_INITIATED',
      body: 'ALREADY_INITIATED',
      operationId: 'mp-3',
    });
    expect((error as Error).message).toContain('this operationId was already used');
  });

  it('resolves an ALREADY_INITIATED on a retry through the history: the first attempt arrived', async () => {
    const { client, handlers } = fresh({}, { maxRetries: 1 });
    handlers.service.forceError('merchantPayment', {
      status: 502,
      afterProcessing: true,
      times: 1,
    });
    const answer = await client.merchant.payment(payment('mp-4'));
    const recorded = handlers.service.merchantPayment('demo-client', 'mp-4');
    expect(recorded?.recoveryShortcode).toMatch(/^\*384\*0\*\d{5}#$/);
    expect(answer).toEqual({ recoveryShortcode: recorded?.recoveryShortcode });
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual([
      '/merchant/payment',
      '/merchant/payment',
      '/operation/history',
    ]);
  });

  it('checks arguments before sending, and the service checks the bank code', async () => {
    const { client } = fresh();
    for (const [field, params] of [
      ['customerMsisdn', payment('x', { customerMsisdn: '0803' })],
      ['amount', payment('x', { amount: 10.123 })],
      ['merchantCode', payment('x', { merchantCode: '' })],
      ['executionMode', payment('x', { executionMode: { mode: 'Later' } })],
    ] as const) {
      const error = await client.merchant.payment(params).catch((e: unknown) => e);
      expect(error, field).toBeInstanceOf(RequestValidationError);
      expect(error).toMatchObject({ field });
    }
    expect(requests).toHaveLength(0);
    const unknownBank = await client.merchant
      .payment(payment('x', { bankCode: '999' }))
      .catch((e: unknown) => e);
    expect(unknownBank).toBeInstanceOf(ApiError);
    expect(unknownBank).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect((unknownBank as Error).message).toContain('bankCode');
  });

  it('lists the customer banks and accounts, none for a number ending in 0000', async () => {
    const { client } = fresh();
    const accounts = await client.merchant.accounts('8031234567');
    expect(accounts.customerMsisdn).toBe('+2348031234567');
    expect(accounts.banks.map((bank) => bank.bankCode)).toEqual(['044', '058', '057']);
    expect(accounts.banks[1]).toEqual({
      bankCode: '058',
      bankName: 'GTBank',
      accounts: [{ accountNumber: '0581234567' }],
    });
    expect(requests[0]?.url).toBe(
      'http://service.test/merchant/accounts?customerMsisdn=%2B2348031234567',
    );
    expect((await client.merchant.accounts('08031230000')).banks).toEqual([]);
  });
});
