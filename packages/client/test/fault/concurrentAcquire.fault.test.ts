import { DEMO, type RunningSandbox, startSandbox } from '@ussdkit/reference-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuplicateOperationError, UssdkitClient } from '../../src/index';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
});

afterAll(async () => {
  await sandbox?.close();
});

async function balance(): Promise<number> {
  const response = await fetch(`${sandbox.url}/sandbox/developers/${DEMO.clientId}`);
  return ((await response.json()) as { balance: number }).balance;
}

describe.each(['fetch', 'undici'] as const)(
  '50 concurrent acquires with one operationId (transport: %s)',
  (transport) => {
    let client: UssdkitClient;

    beforeAll(() => {
      client = new UssdkitClient({
        baseUrl: sandbox.url,
        clientId: DEMO.clientId,
        clientSecret: DEMO.clientSecret,
        maxRetries: 0,
        connection: { connections: 50 },
        transport,
      });
    });

    afterAll(() => client.close());

    it('acquire exactly once: one SUCCESS, 49 DuplicateOperationError (409), debited once', async () => {
      const before = await balance();
      const operationId = `race-${crypto.randomUUID()}`;
      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, () =>
          client.acquire.product({
            operationId,
            sku: 'data-1gb',
            beneficiaryId: '08031234567',
            customerMsisdn: '08031234567',
          }),
        ),
      );
      const successes = outcomes.filter((o) => o.status === 'fulfilled');
      const refused = outcomes.filter((o) => o.status === 'rejected');
      expect(successes).toHaveLength(1);
      expect(successes[0]?.status === 'fulfilled' && successes[0].value.status).toBe('SUCCESS');
      expect(refused).toHaveLength(49);
      for (const outcome of refused) {
        expect(outcome.status === 'rejected' && outcome.reason).toBeInstanceOf(
          DuplicateOperationError,
        );
        expect(
          outcome.status === 'rejected' && (outcome.reason as DuplicateOperationError).status,
        ).toBe(409);
      }
      expect(await balance()).toBe(before - 500);
      expect(await client.acquire.status(operationId)).toMatchObject({ status: 'SUCCESS' });
      const history = (await (await fetch(`${sandbox.url}/sandbox/history`)).json()) as {
        type: string;
        operationId?: string;
      }[];
      expect(history.filter((entry) => entry.operationId === operationId)).toHaveLength(1);
    });

    it('the same race on the async flow gives one INITIATED and one success callback attempt', async () => {
      const operationId = `race-async-${crypto.randomUUID()}`;
      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, () =>
          client.acquire.productAsync({
            operationId,
            sku: 'data-500mb',
            beneficiaryId: '08031234567',
            customerMsisdn: '08031234567',
          }),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(
        outcomes.filter(
          (o) => o.status === 'rejected' && o.reason instanceof DuplicateOperationError,
        ),
      ).toHaveLength(49);
      const log = (await (
        await fetch(`${sandbox.url}/sandbox/callbacks?operationId=${operationId}`)
      ).json()) as unknown[];
      expect(log).toHaveLength(1); // no callback URL: one logged attempt for the one operation
    });
  },
);
