import { describe, expect, it, vi } from 'vitest';
import { DuplicateOperationError, type UssdkitClient } from '../../src/index';
import { type ContractTarget, sandboxApi } from './ContractTarget';

/** What the contract suite shares with these tests, read once its `beforeAll` has run. */
export interface SuiteContext {
  readonly baseUrl: string;
  readonly client: UssdkitClient;
  clientFor(clientId: string, clientSecret: string): UssdkitClient;
  /** `operationId:result` of every callback the suite's handler took (redeliveries aside). */
  readonly handled: readonly string[];
}

/**
 * The contract of the three operations the spec references ("POST /merchant/payment, GET
 * /merchant/accounts (returns the customer's banks and accounts), GET /operation/history
 * (history of operations, used to check billing)"), run by {@link contractSuite} against every
 * target.
 */
export function merchantAndHistoryContract(
  target: ContractTarget,
  context: () => SuiteContext,
): void {
  describe('merchant payments and the operation history', () => {
    const customer = '08035551234';
    const payment = (operationId: string) => ({
      operationId,
      customerMsisdn: customer,
      merchantCode: '12345',
      amount: 1500,
    });

    it('starts a payment the customer pays in the pushed session; the callback and the history say Success', async () => {
      const { baseUrl, client, handled } = context();
      const operationId = crypto.randomUUID();
      const started = await client.merchant.payment(payment(operationId));
      expect(started.recoveryShortcode).toMatch(/^\*384\*0\*\d{5}#$/);
      const [pending] = (await client.operations.history({ operationId })).operations;
      expect(pending).toMatchObject({
        type: 'merchantPayment',
        status: 'INITIATED',
        customerMsisdn: '+2348035551234',
        executionMode: { mode: 'WithBankResponseTimeout', millis: 30_000 },
        recoveryShortcode: started.recoveryShortcode,
      });
      await target.payAsCustomer(baseUrl, { msisdn: customer, operationId });
      await vi.waitFor(() => expect(handled).toContain(`${operationId}:Success`));
      const [paid] = (await client.operations.history({ operationId })).operations;
      expect(paid).toMatchObject({ status: 'SUCCESS' });
    });

    it('a reused operationId is a DuplicateOperationError (400 ALREADY_INITIATED); no RECOVERY, no code', async () => {
      const { baseUrl, client, clientFor } = context();
      const operationId = crypto.randomUUID();
      await client.merchant.payment(payment(operationId));
      const error = await client.merchant.payment(payment(operationId)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateOperationError);
      expect(error).toMatchObject({ status: 400, code: 'ALREADY_INITIATED', operationId });
      const plain = await sandboxApi<{ clientId: string; clientSecret: string }>(
        baseUrl,
        'POST',
        '/sandbox/developers',
        { permissions: [] },
      );
      const answer = await clientFor(plain.clientId, plain.clientSecret).merchant.payment(
        payment(crypto.randomUUID()),
      );
      expect(answer).toEqual({ recoveryShortcode: null });
    });

    it('lists the customer banks and accounts', async () => {
      const { client } = context();
      const accounts = await client.merchant.accounts(customer);
      expect(accounts.customerMsisdn).toBe('+2348035551234');
      expect(accounts.banks.map((bank) => [bank.bankCode, bank.accounts.length])).toEqual([
        ['044', 2],
        ['058', 1],
        ['057', 1],
      ]);
      expect((await client.merchant.accounts('08035550000')).banks).toEqual([]);
    });

    it('reads the history of the calling developer only, filtered by type', async () => {
      const { baseUrl, client, clientFor } = context();
      const bought = await client.buy({
        sku: 'data-1gb',
        beneficiaryId: customer,
        customerMsisdn: customer,
      });
      const { operations } = await client.operations.history({ type: 'acquire' });
      expect(operations.every((entry) => entry.type === 'acquire')).toBe(true);
      expect(operations.at(-1)).toMatchObject({
        operationId: bought.operationId,
        sku: 'data-1gb',
        amount: 500,
        status: 'SUCCESS',
      });
      const stranger = await sandboxApi<{ clientId: string; clientSecret: string }>(
        baseUrl,
        'POST',
        '/sandbox/developers',
        {},
      );
      const theirs = await clientFor(stranger.clientId, stranger.clientSecret).operations.history();
      expect(theirs).toEqual({ operations: [] });
    });
  });
}
