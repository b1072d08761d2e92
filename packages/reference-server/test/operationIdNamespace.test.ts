import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../src/index';
import { type Api, acquireBody, api, opId } from './helpers/api';
import { type CallbackReceiver, startCallbackReceiver } from './helpers/callbackReceiver';
import { startTestApp, type TestApp } from './helpers/testApp';

// Spec, abort reasons: "DuplicatedOperation | operationId (string) | an operation (e.g. merchant
// payment) was previously invoked with that identifier." One developer has one set of
// operationIds across acquires, POST /merchant/payment and the processes its apps start in a
// session, whichever comes first (docs/decisions/0033-one-operation-id-namespace.md).

let sandbox: RunningSandbox;
let http: Api;
let receiver: CallbackReceiver;
let app: TestApp;
/** What the app starts on `new`: the process of the current test. */
let process: Record<string, unknown>;
const phone = '08031234567';

beforeAll(async () => {
  receiver = await startCallbackReceiver();
  sandbox = await startSandbox({ port: 0, quiet: true });
  http = api(sandbox.url);
  app = await startTestApp(() => ({ action: { type: 'RunProcess', process }, contextData: '' }));
  await http.call('PATCH', '/sandbox/developers/demo-client', {
    body: { callbackUrl: receiver.url },
    credentials: null,
  });
  const created = await http.call('POST', '/sandbox/apps', {
    body: { clientId: 'demo-client', url: app.url, appCode: '77' },
    credentials: null,
  });
  expect(created.status).toBe(201);
});
afterAll(async () => {
  await sandbox.close();
  await app.close();
  await receiver.close();
});
beforeEach(() => {
  app.events.length = 0;
});

const merchantProcess = (operationId: string) => ({
  type: 'MerchantPaymentProcess',
  operationId,
  merchantCode: '12345',
  amount: 100,
  paymentMode: { type: 'FixedAccount', bank: '058', account: '0581234567' },
});

/** Dials the app, which starts `process`; the first screen and the abort the app heard, if any. */
async function dialProcess(started: Record<string, unknown>) {
  process = started;
  const answer = await http.call('POST', '/sandbox/sessions', {
    body: { msisdn: phone, dial: '*384*77#' },
    credentials: null,
  });
  const screen = answer.body as { sessionId: string; screen: string; open: boolean };
  const abort = app.events.find((entry) => entry.event === 'abort')?.body;
  return { screen, abort };
}

const restPayment = (operationId: string) =>
  http.call('POST', '/merchant/payment', {
    body: { operationId, customerMsisdn: phone, merchantCode: '12345', amount: 1500 },
  });

const duplicated = (operationId: string) => ({
  type: 'DuplicatedOperation',
  operationId,
});

describe('one operationId namespace per developer', () => {
  it('a REST merchant payment first: a process with its id aborts with DuplicatedOperation, and only the payment calls back', async () => {
    const operationId = opId('pay');
    expect((await restPayment(operationId)).status).toBe(202);
    const { screen, abort } = await dialProcess(merchantProcess(operationId));
    expect(screen.open).toBe(false);
    expect(abort).toMatchObject({ reason: duplicated(operationId) });
    const report = await http.call('GET', `/sandbox/sessions/${screen.sessionId}`, {
      credentials: null,
    });
    expect((report.body as { abortMessage: string }).abortMessage).toBe(
      `App ${(report.body as { appId: string }).appId} started a merchant payment with operationId ${operationId}, which developer demo-client already used in this sandbox (acquires, merchant payments and processes share one set of operationIds); give every operation a new operationId.`,
    );
    const callbacks = receiver.received.filter(
      (body) => (body as { operationId?: string }).operationId === operationId,
    );
    expect(callbacks).toEqual([]);
  });

  it('a process first: a REST merchant payment with its id is ALREADY_INITIATED, and an acquire 409', async () => {
    const operationId = opId('process');
    const { screen, abort } = await dialProcess(merchantProcess(operationId));
    expect(abort).toBeUndefined();
    expect(screen.screen).toContain('Enter your PIN');
    expect(await restPayment(operationId)).toEqual({ status: 400, body: 'ALREADY_INITIATED' });
    const acquire = await http.call('POST', '/v1/acquire/product', {
      body: acquireBody({ operationId }),
    });
    expect(acquire).toEqual({
      status: 409,
      body: {
        code: 'DUPLICATE_OPERATION',
        message: `operationId "${operationId}" was already used`,
      },
    });
  });

  it("an acquire's id: a merchant payment process and an embedded process naming it abort, a REST payment is ALREADY_INITIATED", async () => {
    const operationId = opId('acquire');
    const acquired = await http.call('POST', '/v1/acquire/product', {
      body: acquireBody({ operationId }),
    });
    expect(acquired.status).toBe(200);
    expect((await dialProcess(merchantProcess(operationId))).abort).toMatchObject({
      reason: duplicated(operationId),
    });
    app.events.length = 0;
    const embedded = await dialProcess({
      type: 'EmbeddedProcess',
      processId: 'accept-terms',
      params: { operationId },
    });
    expect(embedded.abort).toMatchObject({ reason: duplicated(operationId) });
    expect(await restPayment(operationId)).toEqual({ status: 400, body: 'ALREADY_INITIATED' });
  });

  it('a REST merchant payment first: an acquire with its id is 409; ids stay per developer', async () => {
    const operationId = opId('pay');
    expect((await restPayment(operationId)).status).toBe(202);
    const acquire = await http.call('POST', '/v1/acquire/product/async', {
      body: acquireBody({ operationId }),
    });
    expect(acquire.status).toBe(409);
    const other = await http.call('POST', '/sandbox/developers', { body: {}, credentials: null });
    const { clientId, clientSecret } = other.body as { clientId: string; clientSecret: string };
    const theirs = await http.call('POST', '/v1/acquire/product', {
      body: acquireBody({ operationId }),
      credentials: { clientId, clientSecret },
    });
    expect(theirs.status).toBe(200);
  });
});
