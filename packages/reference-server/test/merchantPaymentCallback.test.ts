import { merchantPaymentCallbackSchema } from '@ussdkit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../src/index';
import { type Api, api, opId } from './helpers/api';
import { type CallbackReceiver, startCallbackReceiver } from './helpers/callbackReceiver';
import { startTestApp, type TestApp } from './helpers/testApp';

let sandbox: RunningSandbox;
let http: Api;
let receiver: CallbackReceiver;
let app: TestApp;
/** The operationId the app asks the next payment for. */
let nextOperationId = '';

beforeAll(async () => {
  receiver = await startCallbackReceiver();
  app = await startTestApp((event) =>
    event === 'new'
      ? {
          action: {
            type: 'RunProcess',
            process: {
              type: 'MerchantPaymentProcess',
              operationId: nextOperationId,
              merchantCode: '12345',
              amount: 500,
              paymentMode: { type: 'FixedAccount', bank: '058', account: '0581234567' },
            },
          },
          contextData: '',
        }
      : {
          action: { type: 'ShowView', view: { type: 'InfoView', message: 'Done' } },
          contextData: '',
        },
  );
  sandbox = await startSandbox({ port: 0, quiet: true });
  http = api(sandbox.url);
  const sandboxCall = (path: string, body: unknown) =>
    http.call('PATCH', path, { body, credentials: null });
  await sandboxCall('/sandbox/developers/demo-client', { callbackUrl: receiver.url });
  await sandboxCall('/sandbox/apps/demo-app', { url: app.url });
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
  await app.close();
});

/** Dials the demo app, which starts a payment, and answers the PIN. */
async function pay(pin: string): Promise<string> {
  const operationId = opId('pay');
  nextOperationId = operationId;
  const dialled = await http.call('POST', '/sandbox/sessions', {
    body: { msisdn: '08031234567', dial: '*384*1#' },
    credentials: null,
  });
  const { sessionId } = dialled.body as { sessionId: string };
  await http.call('POST', `/sandbox/sessions/${sessionId}/input`, {
    body: { text: pin },
    credentials: null,
  });
  return operationId;
}

async function waitForCallbacks(operationId: string, count: number): Promise<unknown[]> {
  for (;;) {
    const bodies = receiver.received.filter(
      (b) => (b as { operationId: string }).operationId === operationId,
    );
    if (bodies.length >= count) return bodies;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('merchant payment callbacks through the sandbox dispatcher', () => {
  it('a paid merchant payment calls back Success, logged for GET /sandbox/callbacks', async () => {
    const operationId = await pay('1234');
    const [body] = await waitForCallbacks(operationId, 1);
    expect(merchantPaymentCallbackSchema.parse(body)).toEqual({
      clientId: 'demo-client',
      operationId,
      result: 'Success',
    });
    const log = await http.call('GET', `/sandbox/callbacks?operationId=${operationId}`, {
      credentials: null,
    });
    expect(log.body).toEqual([
      expect.objectContaining({ operationId, url: receiver.url, attempt: 1, status: 200 }),
    ]);
  });

  it('an Unknown payment calls back Unknown, then Success once the clock passes 30 s', async () => {
    const operationId = await pay('7777');
    await waitForCallbacks(operationId, 1);
    await sandbox.clock.advance(30);
    const bodies = await waitForCallbacks(operationId, 2);
    expect(bodies.map((b) => merchantPaymentCallbackSchema.parse(b).result)).toEqual([
      'Unknown',
      'Success',
    ]);
  });
});
