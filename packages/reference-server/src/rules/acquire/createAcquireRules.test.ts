import type { AcquireCallback, AcquireRequest } from '@ussdkit/protocol';
import { describe, expect, it } from 'vitest';
import { createCatalogue } from '../catalogue/Catalogue';
import { demoCatalogue } from '../catalogue/demoCatalogue';
import { RuleError } from '../requests/RuleError';
import { createAcquireRules, SETTLE_AFTER_MS } from './createAcquireRules';
import { memoryOperationRepository } from './OperationRepository';

function rules(balance = 1_000_000) {
  let now = 1_000_000;
  const balances = new Map([['c', balance]]);
  const sent: AcquireCallback[] = [];
  const acquires = createAcquireRules({
    now: () => now,
    catalogue: createCatalogue(demoCatalogue()),
    operations: memoryOperationRepository(),
    balanceOf: (clientId) => balances.get(clientId) ?? 0,
    adjustBalance: (clientId, delta) =>
      balances.set(clientId, (balances.get(clientId) ?? 0) + delta),
    sendCallback: (_clientId, _operationId, body) => sent.push(body),
    newTransactionId: () => 'tx-1',
  });
  return { acquires, sent, balances, tick: (ms: number) => (now += ms) };
}

const request = (extra: Partial<AcquireRequest> = {}): AcquireRequest => ({
  operationId: 'op-12345678',
  sku: 'data-1gb',
  beneficiaryId: '08031234567',
  customerMsisdn: '08031234567',
  ...extra,
});

describe('createAcquireRules', () => {
  it('gives an accepted acquire its ids at once: every callback carries them, whatever the outcome', () => {
    const { acquires, sent, tick } = rules();
    acquires.acquireAsync('c', request({ beneficiaryId: 'unknown-failure' }));
    tick(SETTLE_AFTER_MS);
    expect(acquires.status('c', 'op-12345678')).toEqual({
      status: 'FAILURE',
      error: 'INTERNAL',
      rawErrorCode: '10',
    });
    const data = { reference: 'REF-1000000-op-12345', transactionId: 'tx-1' };
    expect(sent.map((body) => [body.status, body.acquire])).toEqual([
      [{ result: 'unknown' }, data],
      [{ result: 'failure', cause: 'internal' }, data],
    ]);
  });

  it('holds the amount, gives it back on failure, and refuses (402) what the balance cannot pay', () => {
    const { acquires, balances } = rules(600);
    expect(
      acquires.acquireSync('c', request({ beneficiaryId: 'fail-UNSPECIFIED' })).answer,
    ).toEqual({
      status: 'FAILURE',
      error: 'UNSPECIFIED',
      rawErrorCode: '99',
    });
    expect(balances.get('c')).toBe(600);
    acquires.acquireSync('c', request({ operationId: 'b' }));
    expect(balances.get('c')).toBe(100);
    const refused = (() => {
      try {
        acquires.acquireSync('c', request({ operationId: 'c' }));
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(RuleError);
    expect(refused).toMatchObject({ status: 402, code: 'INSUFFICIENT_BALANCE' });
    // A 402 stores nothing: the operationId can be sent again.
    expect(acquires.status('c', 'c')).toEqual({ status: 'NOT_FOUND' });
  });

  it('a refused acquire (reject-, wrong amount) has no ids and sends nothing', () => {
    const { acquires, sent } = rules();
    expect(acquires.acquireAsync('c', request({ beneficiaryId: 'reject-INTERNAL' }))).toEqual({
      status: 'FAILURE',
      error: 'INTERNAL',
    });
    expect(acquires.acquireSync('c', request({ operationId: 'w', amount: 499 })).answer).toEqual({
      status: 'FAILURE',
      error: 'INVALID_AMOUNT',
    });
    expect(sent).toEqual([]);
  });
});
