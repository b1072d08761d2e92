import {
  customerAccountsSchema,
  merchantPaymentCallbackSchema,
  merchantPaymentResponseSchema,
  operationHistorySchema,
} from '@ussdkit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../src/index';
import { type Api, api, opId } from './helpers/api';
import { type CallbackReceiver, startCallbackReceiver } from './helpers/callbackReceiver';

// Spec, "Endpoints": "Other operations are referenced: POST /merchant/payment, GET
// /merchant/accounts (returns the customer's banks and accounts), GET /operation/history (history
// of operations, used to check billing). Their requests and responses: not shown." The shapes
// follow upstream's REST merchant payment (docs/reference/upstream-facts.md, section 6) and, where
// upstream shows nothing, docs/decisions/0014-merchant-and-history-endpoints.md.

let sandbox: RunningSandbox;
let http: Api;
let receiver: CallbackReceiver;
const phone = '08031234567';

beforeAll(async () => {
  receiver = await startCallbackReceiver();
  sandbox = await startSandbox({ port: 0, quiet: true });
  http = api(sandbox.url);
  await http.call('PATCH', '/sandbox/developers/demo-client', {
    body: { callbackUrl: receiver.url },
    credentials: null,
  });
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

const payment = (extra: Record<string, unknown> = {}) => ({
  operationId: opId('pay'),
  customerMsisdn: phone,
  merchantCode: '12345',
  amount: 1500,
  ...extra,
});

async function pay(body: Record<string, unknown>) {
  const answer = await http.call('POST', '/merchant/payment', { body });
  expect(answer.status).toBe(202);
  return merchantPaymentResponseSchema.parse(answer.body);
}

/** What the phone shows of its pending push. */
async function pendingPush(msisdn = phone) {
  const answer = await http.call('GET', `/sandbox/phones/${msisdn}`, { credentials: null });
  return (answer.body as { pendingPush?: { sessionId: string; screen: string; open: boolean } })
    .pendingPush;
}

async function type(sessionId: string, text: string) {
  const answer = await http.call('POST', `/sandbox/sessions/${sessionId}/input`, {
    body: { text },
    credentials: null,
  });
  expect(answer.status).toBe(200);
  return answer.body as { screen: string; open: boolean };
}

/** Resolves once the session waits for the bank (its transcript says so). */
async function waitingForBank(sessionId: string) {
  for (;;) {
    const answer = await http.call('GET', `/sandbox/sessions/${sessionId}`, { credentials: null });
    const { transcript } = answer.body as { transcript: { text: string }[] };
    if (transcript.some((line) => line.text.startsWith('waiting up to'))) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function callbacksOf(operationId: string, count: number) {
  for (;;) {
    const bodies = receiver.received.filter(
      (body) => (body as { operationId?: string }).operationId === operationId,
    );
    if (bodies.length >= count)
      return bodies.map((body) => merchantPaymentCallbackSchema.parse(body));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function history(query = '') {
  const answer = await http.call('GET', `/operation/history${query}`);
  expect(answer.status).toBe(200);
  return operationHistorySchema.parse(answer.body).operations;
}

describe('POST /merchant/payment', () => {
  it('pushes the whole payment to the phone: bank, account, PIN; the phone sees the outcome, the callback follows', async () => {
    const body = payment();
    const { recoveryShortcode } = await pay(body);
    expect(recoveryShortcode).toMatch(/^\*384\*0\*\d{5}#$/);
    const pushed = await pendingPush();
    expect(pushed).toMatchObject({
      open: true,
      screen: 'Pay NGN 1500 to 12345\nChoose your bank:\n1. Access Bank\n2. GTBank\n3. Zenith Bank',
    });
    const sessionId = pushed?.sessionId ?? '';
    expect((await type(sessionId, '2')).screen).toBe(
      'Pay NGN 1500 to 12345\nChoose your GTBank account:\n1. 0581234567',
    );
    expect((await type(sessionId, '1')).screen).toBe(
      'Pay NGN 1500 to 12345 from 0581234567\nEnter your PIN:',
    );
    expect(await type(sessionId, '1234')).toEqual({
      sessionId,
      screen: 'Payment of NGN 1500 to 12345 successful.',
      open: false,
    });
    expect(await callbacksOf(body.operationId, 1)).toEqual([
      { clientId: 'demo-client', operationId: body.operationId, result: 'Success' },
    ]);
    const [entry] = await history(`?operationId=${body.operationId}`);
    expect(entry).toMatchObject({
      type: 'merchantPayment',
      status: 'SUCCESS',
      sessionId,
      recoveryShortcode,
      executionMode: { mode: 'WithBankResponseTimeout', millis: 30_000 },
    });
    const [session] = await history(`?type=session&sessionId=${sessionId}`);
    expect(session).toMatchObject({
      appId: 'merchant-payment',
      chargedClientId: 'demo-client',
      ticks: 1,
      fee: 2,
    });
  });

  it("with bankCode, asks the account at that bank only; WithoutWaitingForBank: Unknown at once, the bank's Failure by callback", async () => {
    const body = payment({ bankCode: '044', executionMode: { mode: 'WithoutWaitingForBank' } });
    await pay(body);
    const pushed = await pendingPush();
    expect(pushed?.screen).toBe(
      'Pay NGN 1500 to 12345\nChoose your Access Bank account:\n1. 0690000031\n2. 0690000032',
    );
    const sessionId = pushed?.sessionId ?? '';
    await type(sessionId, '1');
    expect(await type(sessionId, '5555')).toMatchObject({
      screen: 'Your payment is being processed. You will be notified of the result.',
      open: false,
    });
    const failure = { result: 'Failure', cause: 'SwitchUnavailable' };
    const base = { clientId: 'demo-client', operationId: body.operationId };
    expect(await callbacksOf(body.operationId, 2)).toEqual([
      { ...base, result: 'Unknown' },
      { ...base, ...failure },
    ]);
    const [entry] = await history(`?operationId=${body.operationId}`);
    expect(entry).toMatchObject({
      bankCode: '044',
      executionMode: { mode: 'WithoutWaitingForBank' },
      status: 'FAILURE',
      cause: 'SwitchUnavailable',
    });
  });

  it('by default (WithBankResponseTimeout, 30000 ms) the session waits for a bank that answers within 30 s', async () => {
    const body = payment({ bankCode: '058' });
    await pay(body);
    const sessionId = (await pendingPush())?.sessionId ?? '';
    await type(sessionId, '1');
    // PIN 7777: the bank answers Success after 30 s of sandbox time; the phone's answer waits.
    const typing = type(sessionId, '7777');
    await waitingForBank(sessionId);
    await sandbox.clock.advance(30);
    expect((await typing).screen).toBe('Payment of NGN 1500 to 12345 successful.');
    expect(await callbacksOf(body.operationId, 1)).toEqual([
      { clientId: 'demo-client', operationId: body.operationId, result: 'Success' },
    ]);
  });

  it('WithBankResponseTimeout shorter than the bank: Unknown when it runs out, the final result by callback', async () => {
    const executionMode = { mode: 'WithBankResponseTimeout', millis: 1000 };
    const body = payment({ bankCode: '058', executionMode });
    await pay(body);
    const sessionId = (await pendingPush())?.sessionId ?? '';
    await type(sessionId, '1');
    const typing = type(sessionId, '7777');
    await waitingForBank(sessionId);
    await sandbox.clock.advance(1);
    expect((await typing).screen).toBe(
      'Your payment is being processed. You will be notified of the result.',
    );
    expect((await history(`?operationId=${body.operationId}`))[0]).toMatchObject({
      status: 'UNKNOWN',
      executionMode,
    });
    await sandbox.clock.advance(29);
    expect((await callbacksOf(body.operationId, 2)).map((callback) => callback.result)).toEqual([
      'Unknown',
      'Success',
    ]);
    expect((await history(`?operationId=${body.operationId}`))[0]).toMatchObject({
      status: 'SUCCESS',
    });
  });

  it('a customer who cancels ends the payment: Failure Other, called back', async () => {
    const body = payment();
    await pay(body);
    const sessionId = (await pendingPush())?.sessionId ?? '';
    await http.call('POST', `/sandbox/sessions/${sessionId}/cancel`, { credentials: null });
    expect(await callbacksOf(body.operationId, 1)).toEqual([
      { clientId: 'demo-client', operationId: body.operationId, result: 'Failure', cause: 'Other' },
    ]);
  });

  it('a customer without accounts (number ending 0000) fails NoAccounts at once: no session, no recovery code', async () => {
    const body = payment({ customerMsisdn: '08031230000' });
    expect(await pay(body)).toEqual({ recoveryShortcode: null });
    expect(await pendingPush('08031230000')).toBeUndefined();
    expect(await callbacksOf(body.operationId, 1)).toEqual([
      {
        clientId: 'demo-client',
        operationId: body.operationId,
        result: 'Failure',
        cause: 'NoAccounts',
      },
    ]);
  });

  it("answers a reused operationId with upstream's 400 text/plain ALREADY_INITIATED", async () => {
    const body = payment();
    await pay(body);
    const response = await fetch(`${sandbox.url}/merchant/payment`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-client-id': 'demo-client',
        'x-client-secret': 'demo-secret',
      },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('ALREADY_INITIATED');
  });

  it('answers null for the recovery code without the RECOVERY permission', async () => {
    const created = await http.call('POST', '/sandbox/developers', {
      body: { permissions: ['ACQUIRE'] },
      credentials: null,
    });
    const credentials = created.body as { clientId: string; clientSecret: string };
    const answer = await http.call('POST', '/merchant/payment', {
      body: payment({ customerMsisdn: '08035550001' }),
      credentials,
    });
    expect(answer).toEqual({ status: 202, body: { recoveryShortcode: null } });
    expect((await pendingPush('08035550001'))?.open).toBe(true);
  });

  it('refuses bad input with 400 {code, message} naming the field, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [payment({ customerMsisdn: '0803' }), 'customerMsisdn'],
      [payment({ bankCode: '999' }), 'bankCode'],
      [payment({ amount: 10.123 }), 'amount'],
      [payment({ merchantCode: undefined }), 'merchantCode'],
      [payment({ customerEmail: 'not-an-email' }), 'customerEmail'],
      [payment({ executionMode: { mode: 'Later' } }), 'executionMode.mode'],
    ];
    for (const [body, field] of cases) {
      const answer = await http.call('POST', '/merchant/payment', { body });
      expect(answer.status, field).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining(field),
      });
      expect(await history(`?operationId=${String(body.operationId)}`)).toEqual([]);
    }
    expect(
      (await http.call('POST', '/merchant/payment', { body: payment(), credentials: null })).status,
    ).toBe(401);
  });
});

describe('GET /merchant/accounts', () => {
  it('lists the banks and account numbers of the customer, none for a number ending 0000', async () => {
    const answer = await http.call('GET', '/merchant/accounts?customerMsisdn=08031234567');
    expect(customerAccountsSchema.parse(answer.body)).toEqual({
      customerMsisdn: '+2348031234567',
      banks: [
        {
          bankCode: '044',
          bankName: 'Access Bank',
          accounts: [{ accountNumber: '0690000031' }, { accountNumber: '0690000032' }],
        },
        { bankCode: '058', bankName: 'GTBank', accounts: [{ accountNumber: '0581234567' }] },
        { bankCode: '057', bankName: 'Zenith Bank', accounts: [{ accountNumber: '0579876543' }] },
      ],
    });
    const none = await http.call('GET', '/merchant/accounts?customerMsisdn=%2B2348031230000');
    expect(none.body).toEqual({ customerMsisdn: '+2348031230000', banks: [] });
  });

  it('answers 400 naming customerMsisdn when it is missing or no phone number, 401 without credentials', async () => {
    expect(await http.call('GET', '/merchant/accounts')).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'Missing query parameter: customerMsisdn' },
    });
    const wrong = await http.call('GET', '/merchant/accounts?customerMsisdn=12');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: expect.stringContaining('customerMsisdn') });
    expect(
      (
        await http.call('GET', '/merchant/accounts?customerMsisdn=08031234567', {
          credentials: null,
        })
      ).status,
    ).toBe(401);
  });
});
