import type { MerchantPaymentCallback } from '@ussdkit/protocol';
import { describe, expect, it } from 'vitest';
import { RuleError } from '../requests/RuleError';
import { createMerchantPayments, merchantPaymentCallback } from './createMerchantPayments';

function payments() {
  let now = 1_000_000;
  const sent: MerchantPaymentCallback[] = [];
  const rules = createMerchantPayments({
    now: () => now,
    sendCallback: (_clientId, _operationId, body) => sent.push(body),
  });
  return { rules, sent, tick: (ms: number) => (now += ms) };
}

const request = (extra: object = {}) => ({
  operationId: 'op-1',
  customerMsisdn: '08031234567',
  merchantCode: '12345',
  amount: 1500,
  ...extra,
});

describe('createMerchantPayments', () => {
  it('applies upstream executionMode defaults and gives the gateway the USSD process form', () => {
    const { rules } = payments();
    const start = rules.initiate('c', request());
    expect(start.kind).toBe('push');
    if (start.kind !== 'push') return;
    expect(start.record.executionMode).toEqual({ mode: 'WithBankResponseTimeout', millis: 30_000 });
    expect(start.process).toEqual({
      type: 'MerchantPaymentProcess',
      operationId: 'op-1',
      merchantCode: '12345',
      amount: 1500,
      paymentMode: { type: 'Flexible' },
      executionMode: { type: 'WithBankResponseTimeout', millis: 30_000 },
    });
    const fixed = rules.initiate(
      'c',
      request({
        operationId: 'op-2',
        bankCode: '057',
        executionMode: { mode: 'WithoutWaitingForBank' },
      }),
    );
    expect(fixed.kind === 'push' && fixed.process.paymentMode).toEqual({
      type: 'FixedBank',
      bank: '057',
    });
    expect(fixed.kind === 'push' && fixed.process.executionMode).toEqual({
      type: 'WithoutWaitingForBank',
    });
  });

  it('answers duplicate for an operationId the developer used, not for another developer', () => {
    const { rules } = payments();
    rules.initiate('c', request());
    expect(rules.initiate('c', request()).kind).toBe('duplicate');
    expect(rules.initiate('other', request()).kind).toBe('push');
    rules.forget('c', 'op-1');
    expect(rules.initiate('c', request()).kind).toBe('push');
  });

  it('refuses an unknown bank and a malformed msisdn with a 400 that names the field', () => {
    const { rules } = payments();
    const bank = (() => {
      try {
        rules.initiate('c', request({ bankCode: '001' }));
      } catch (error) {
        return error;
      }
    })();
    expect(bank).toBeInstanceOf(RuleError);
    expect((bank as RuleError).message).toBe(
      'bankCode: no bank "001" in the service; use one of 044 (Access Bank), 058 (GTBank), 057 (Zenith Bank)',
    );
    expect(() => rules.initiate('c', request({ customerMsisdn: '12' }))).toThrow(/customerMsisdn/);
  });

  it('fails a customer without accounts at once (Flexible only), with its callback', () => {
    const { rules, sent } = payments();
    const start = rules.initiate('c', request({ customerMsisdn: '08031230000' }));
    expect(start.kind).toBe('settled');
    expect(sent).toEqual([
      { clientId: 'c', operationId: 'op-1', result: 'Failure', cause: 'NoAccounts' },
    ]);
    const withBank = rules.initiate(
      'c',
      request({ operationId: 'op-2', customerMsisdn: '08031230000', bankCode: '044' }),
    );
    expect(withBank.kind).toBe('push');
  });

  it('reports outcomes with a callback each; Unknown is not final, Success and Failure are', () => {
    const { rules, sent, tick } = payments();
    rules.initiate('c', request());
    tick(1000);
    rules.report('c', 'op-1', { result: 'Unknown' });
    rules.report('c', 'op-1', { result: 'Success' });
    rules.report('c', 'op-1', { result: 'Failure', cause: 'Other' });
    expect(sent.map((body) => body.result)).toEqual(['Unknown', 'Success']);
    const record = rules.get('c', 'op-1');
    expect(record).toMatchObject({ status: 'SUCCESS', createdAt: 1_000_000, updatedAt: 1_001_000 });
    expect(record && merchantPaymentCallback(record)).toEqual({
      clientId: 'c',
      operationId: 'op-1',
      result: 'Success',
    });
  });

  it('fails a payment whose session ended without an outcome (cancel, timeout): Failure Other', () => {
    const { rules, sent } = payments();
    const start = rules.initiate('c', request());
    if (start.kind !== 'push') throw new Error('expected a push');
    rules.pushed(start.record, { sessionId: 's-1', recoveryShortcode: null });
    rules.sessionEnded('s-1');
    rules.sessionEnded('s-1');
    expect(sent).toEqual([
      { clientId: 'c', operationId: 'op-1', result: 'Failure', cause: 'Other' },
    ]);
  });
});
