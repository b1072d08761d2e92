import { describe, expect, it } from 'vitest';
import { expectInvalid } from '../internal/expectInvalid';
import { customerAccountsSchema } from './merchantAccounts';
import { merchantPaymentRequestSchema, merchantPaymentResponseSchema } from './merchantPayment';
import { operationHistoryQuerySchema, operationHistorySchema } from './operationHistory';
import { referencedServiceEndpoints } from './referencedEndpoints';

// Spec, "Endpoints": "Other operations are referenced: POST /merchant/payment, GET
// /merchant/accounts (returns the customer's banks and accounts), GET /operation/history
// (history of operations, used to check billing). Their requests and responses: not shown."

const payment = {
  operationId: 'op-1',
  customerMsisdn: '08031234567',
  merchantCode: '12345',
  amount: 12.34,
};

describe('POST /merchant/payment', () => {
  it('reads both upstream forms: the whole USSD flow, and with a given bank', () => {
    expect(merchantPaymentRequestSchema.parse(payment)).toEqual(payment);
    const withBank = {
      ...payment,
      bankCode: '058',
      customerEmail: 'ada@example.com',
      executionMode: { mode: 'WithBankResponseTimeout', millis: 10_000 },
    };
    expect(merchantPaymentRequestSchema.parse(withBank)).toEqual(withBank);
  });

  it.each([
    ['amount', { ...payment, amount: 1.005 }],
    ['merchantCode', { ...payment, merchantCode: '' }],
    ['customerEmail', { ...payment, customerEmail: 'nope' }],
    ['executionMode.mode', { ...payment, executionMode: { type: 'WithoutWaitingForBank' } }],
  ])('rejects a bad %s', (field, body) => {
    expect(expectInvalid(merchantPaymentRequestSchema, body).field).toBe(field);
  });

  it('reads the 202 answer, a missing or null recovery code as null', () => {
    expect(merchantPaymentResponseSchema.parse({ recoveryShortcode: '*384*0*12345#' })).toEqual({
      recoveryShortcode: '*384*0*12345#',
    });
    expect(merchantPaymentResponseSchema.parse({})).toEqual({ recoveryShortcode: null });
  });
});

describe('GET /merchant/accounts and GET /operation/history', () => {
  it('reads the customer banks and accounts', () => {
    const answer = {
      customerMsisdn: '+2348031234567',
      banks: [{ bankCode: '058', bankName: 'GTBank', accounts: [{ accountNumber: '0581234567' }] }],
    };
    expect(customerAccountsSchema.parse(answer)).toEqual(answer);
    expect(expectInvalid(customerAccountsSchema, { customerMsisdn: 'x', banks: [{}] }).field).toBe(
      'banks.0.bankCode',
    );
  });

  it('reads each kind of history entry, told apart by type', () => {
    const history = operationHistorySchema.parse({
      operations: [
        {
          type: 'session',
          sessionId: 's',
          appId: 'a',
          msisdn: '08031234567',
          chargedClientId: 'c',
          startedAt: 1,
          endedAt: 21,
          seconds: 20,
          ticks: 1,
          fee: 2,
          sessionTag: 'gift',
          at: 21,
        },
        { type: 'push', sessionId: 's', appId: 'a', msisdn: '0803', at: 1 },
      ],
    });
    expect(history.operations.map((entry) => entry.type)).toEqual(['session', 'push']);
    expect(
      expectInvalid(operationHistorySchema, { operations: [{ type: 'refund', at: 1 }] }).field,
    ).toBe('operations.0.type');
  });

  it('reads the history query from its text, naming a bad parameter', () => {
    expect(operationHistoryQuerySchema.parse({ from: '1767225600.5', type: 'acquire' })).toEqual({
      from: 1767225600.5,
      type: 'acquire',
    });
    expect(expectInvalid(operationHistoryQuerySchema, { to: 'later' }).field).toBe('to');
    expect(expectInvalid(operationHistoryQuerySchema, { type: 'refund' }).field).toBe('type');
  });

  it('keys the three endpoints with their method and path', () => {
    expect(
      Object.values(referencedServiceEndpoints).map(({ method, path }) => `${method} ${path}`),
    ).toEqual(['POST /merchant/payment', 'GET /merchant/accounts', 'GET /operation/history']);
  });
});
