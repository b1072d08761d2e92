import { triggerErrorCodes } from '@ussdkit/reference-server/rules';
import type { UssdkitClient } from '../../src/index';
import { sandboxApi } from './ContractTarget';

/** One scenario's answer: what the call returned, or the error it threw (class, status, code). */
export interface Answer {
  readonly scenario: string;
  readonly answer: unknown;
}

const msisdn = '08031234567';
const smartCard = '1234567890';

/** Values that differ by design between two runs: ids, times and random digits. */
function normalise(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => normalise(item));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, normalise(item, name)]),
    );
  }
  if (typeof value === 'number' && ['at', 'updatedAt', 'startedAt', 'endedAt'].includes(key)) {
    return '<time>';
  }
  if (typeof value !== 'string') return value;
  if (key === 'transactionId' || key === 'sessionId') return value === '' ? '' : `<${key}>`;
  if (key === 'reference') return value.replace(/^REF-\d+-/, 'REF-<time>-');
  if (key === 'recoveryShortcode') return value.replace(/\*\d{5}#$/, '*<digits>#');
  return value;
}

async function settle(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return normalise(await run());
  } catch (error) {
    const { name, status, code, message } = error as Record<string, unknown>;
    return { thrown: name, status, code, message };
  }
}

/**
 * The scenarios run on the sandbox and on the msw handlers, through the real client: every test
 * trigger of docs/reference-server.md, the amount rules of each amount source, an unknown sku,
 * the NOT_FOUND status, the legacy flow, and the three referenced operations. Operation ids are
 * fixed so that both runs name the same operations.
 */
export async function runScenarios(client: UssdkitClient, baseUrl: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  const record = async (scenario: string, run: () => Promise<unknown>) => {
    answers.push({ scenario, answer: await settle(run) });
  };
  const acquire = (operationId: string, beneficiaryId: string, extra: object = {}) => ({
    operationId,
    sku: 'data-1gb',
    beneficiaryId,
    customerMsisdn: msisdn,
    ...extra,
  });

  // Every trigger of the test triggers table, sync and async, and the status of each.
  const triggers = [
    ...triggerErrorCodes.flatMap((code) => [`fail-${code}`, `reject-${code}`]),
    'unknown-success',
    'unknown-failure',
    'slow',
    msisdn,
  ];
  for (const trigger of triggers) {
    for (const mode of ['sync', 'async'] as const) {
      const operationId = `${mode}-${trigger}`;
      await record(`${mode} acquire, beneficiary ${trigger}`, () =>
        mode === 'sync'
          ? client.acquire.product(acquire(operationId, trigger))
          : client.acquire.productAsync(acquire(operationId, trigger)),
      );
      await record(`status of ${operationId}`, () => client.acquire.status(operationId));
    }
  }
  await sandboxApi(baseUrl, 'POST', '/sandbox/clock/advance', { seconds: 30 });
  for (const trigger of ['unknown-success', 'unknown-failure', 'slow']) {
    for (const mode of ['sync', 'async']) {
      await record(`status of ${mode}-${trigger} 30 s later`, () =>
        client.acquire.status(`${mode}-${trigger}`),
      );
    }
  }

  // The amount rules, per amount source, and an unknown sku.
  const amounts: [string, string, string, number | undefined][] = [
    ['fixed-absent', 'data-1gb', msisdn, undefined],
    ['fixed-equal', 'data-1gb', msisdn, 500],
    ['fixed-other', 'data-1gb', msisdn, 499],
    ['user-given', 'airtime', msisdn, 150.5],
    ['user-absent', 'airtime', msisdn, undefined],
    ['beneficiary-exact', 'data-plan', msisdn, 1500],
    ['beneficiary-other', 'data-plan', msisdn, 1400],
    ['beneficiary-absent', 'data-plan', msisdn, undefined],
    ['cable-exact', 'dstv-renew', smartCard, 12500],
    ['cable-bad-card', 'dstv-renew', '0000000000', 12500],
    ['unknown-sku', 'no-such-sku', msisdn, undefined],
  ];
  for (const [operationId, sku, beneficiaryId, amount] of amounts) {
    await record(`acquire ${operationId}`, () =>
      client.acquire.product(acquire(operationId, beneficiaryId, { sku, amount })),
    );
  }
  await record('reused operationId', () => client.acquire.product(acquire('fixed-absent', msisdn)));
  await record('status of an unknown operationId', () => client.acquire.status('never-sent'));
  await record('product groups', () => client.acquire.productGroups());
  await record('cable products', () => client.acquire.groupProducts('cable', smartCard));
  await record('cable, bad card', () => client.acquire.groupProducts('cable', '12345'));
  await record('no such group', () => client.acquire.groupProducts('nope', smartCard));
  for (const [sku, beneficiaryId] of [
    ['data-plan', msisdn],
    ['dstv-renew', '0000000000'],
    ['data-1gb', msisdn],
    ['airtime', msisdn],
    ['no-such-sku', msisdn],
  ] as const) {
    await record(`amount of ${sku} for ${beneficiaryId}`, () =>
      client.acquire.amount({ sku, beneficiaryId }),
    );
  }
  await record('operator acquire', () =>
    client.operatorProducts.acquire({
      operationId: 'op-1',
      sku: 'mtn-100',
      acquirerMsisdn: msisdn,
    }),
  );
  await record('operator status', () => client.operatorProducts.status('op-1'));
  await record('operator acquire without amount', () =>
    client.operatorProducts.acquire({
      operationId: 'op-2',
      sku: 'mtn-airtime',
      acquirerMsisdn: msisdn,
    }),
  );

  // The three referenced operations.
  const payment = (operationId: string, extra: object = {}) => ({
    operationId,
    customerMsisdn: '08035550001',
    merchantCode: '12345',
    amount: 700,
    ...extra,
  });
  await record('merchant payment, whole flow', () => client.merchant.payment(payment('mp-1')));
  await record('merchant payment, given bank, without waiting', () =>
    client.merchant.payment(
      payment('mp-2', { bankCode: '058', executionMode: { mode: 'WithoutWaitingForBank' } }),
    ),
  );
  await record('merchant payment, reused operationId', () =>
    client.merchant.payment(payment('mp-1')),
  );
  await record('merchant payment, unknown bank', () =>
    client.merchant.payment(payment('mp-3', { bankCode: '001' })),
  );
  await record('merchant payment, no accounts', () =>
    client.merchant.payment(payment('mp-4', { customerMsisdn: '08035550000' })),
  );
  await record('accounts', () => client.merchant.accounts('08035550001'));
  await record('accounts, none', () => client.merchant.accounts('08035550000'));
  await record('history', () => client.operations.history());
  await record('history of merchant payments', () =>
    client.operations.history({ type: 'merchantPayment' }),
  );
  await record('history of one acquire', () =>
    client.operations.history({ operationId: 'async-unknown-failure' }),
  );
  await record('callbacks', async () => {
    const attempts = await sandboxApi<{ operationId: string; body: unknown }[]>(
      baseUrl,
      'GET',
      '/sandbox/callbacks',
    );
    return attempts.map(({ operationId, body }) => ({ operationId, body }));
  });
  return answers;
}
