import { acquireCallbackSchema } from '@ussdkit/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CallbackAttempt, type RunningSandbox, startSandbox } from '../src/index';
import { type Api, acquireBody, api, opId } from './helpers/api';
import { type CallbackReceiver, startCallbackReceiver } from './helpers/callbackReceiver';

let sandbox: RunningSandbox;
let http: Api;
let receiver: CallbackReceiver;

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
beforeEach(async () => {
  await receiver.up().catch(() => undefined);
});

async function attempts(operationId: string): Promise<CallbackAttempt[]> {
  const answer = await http.call('GET', `/sandbox/callbacks?operationId=${operationId}`, {
    credentials: null,
  });
  return answer.body as CallbackAttempt[];
}

/** Polls the callback log until it holds `count` attempts for the operation. */
async function waitForAttempts(operationId: string, count: number): Promise<CallbackAttempt[]> {
  for (;;) {
    const logged = await attempts(operationId);
    if (logged.length >= count) return logged;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const bodiesFor = (operationId: string) =>
  receiver.received.filter((b) => (b as { operationId: string }).operationId === operationId);

describe('acquire callbacks', () => {
  it('an async acquire answers INITIATED and calls back success', async () => {
    const body = acquireBody();
    const answer = await http.call('POST', '/v1/acquire/product/async', { body });
    expect(answer.body).toEqual({ status: 'INITIATED' });
    const [attempt] = await waitForAttempts(body.operationId, 1);
    expect(attempt).toMatchObject({
      operationId: body.operationId,
      url: receiver.url,
      attempt: 1,
      status: 200,
    });
    const [received] = bodiesFor(body.operationId);
    expect(acquireCallbackSchema.parse(received)).toEqual({
      clientId: 'demo-client',
      operationId: body.operationId,
      operation: 'acquire',
      status: { result: 'success' },
      acquire: { reference: expect.any(String), transactionId: expect.any(String) },
    });
  });

  it('a fail-<CODE> trigger calls back failure with the lower-cased cause', async () => {
    const body = acquireBody({ beneficiaryId: 'fail-INVALID_BENEFICIARY_ID' });
    expect((await http.call('POST', '/v1/acquire/product/async', { body })).body).toEqual({
      status: 'INITIATED',
    });
    await waitForAttempts(body.operationId, 1);
    expect(bodiesFor(body.operationId)).toEqual([
      {
        clientId: 'demo-client',
        operationId: body.operationId,
        operation: 'acquire',
        status: { result: 'failure', cause: 'invalid_beneficiary_id' },
        acquire: { reference: expect.stringMatching(/^REF-/), transactionId: expect.any(String) },
      },
    ]);
  });

  // Spec, "Callback body (asynchronous operations)": "| <operation name> | object | additional
  // data keyed by the operation name; for `acquire`: `reference` (string), `transactionId`
  // (string) |", and "status.cause | only with `failure`": only the status depends on the outcome.
  it("keeps the acquire object in failure and unknown callbacks, as the spec's callback body says", async () => {
    const failing = acquireBody({ beneficiaryId: 'fail-INTERNAL' });
    const unsettled = acquireBody({ beneficiaryId: 'unknown-failure' });
    for (const body of [failing, unsettled]) {
      await http.call('POST', '/v1/acquire/product/async', { body });
    }
    await waitForAttempts(failing.operationId, 1);
    await waitForAttempts(unsettled.operationId, 1);
    await sandbox.clock.advance(30);
    await waitForAttempts(unsettled.operationId, 2);
    const callbacks = [...bodiesFor(failing.operationId), ...bodiesFor(unsettled.operationId)].map(
      (body) => acquireCallbackSchema.parse(body),
    );
    expect(callbacks.map((callback) => callback.status)).toEqual([
      { result: 'failure', cause: 'internal' },
      { result: 'unknown' },
      { result: 'failure', cause: 'internal' },
    ]);
    for (const callback of callbacks) {
      expect(callback.acquire?.reference).toMatch(/^REF-\d+-/);
      expect(callback.acquire?.transactionId).toMatch(/^[0-9a-f-]{36}$/);
    }
    // One operation, one set of ids: the unknown callback already names the final one's.
    const [, unknown, final] = callbacks;
    expect(unknown?.acquire).toEqual(final?.acquire);
  });

  it('unknown-success calls back unknown at once, then success after 30 s', async () => {
    const body = acquireBody({ beneficiaryId: 'unknown-success' });
    await http.call('POST', '/v1/acquire/product/async', { body });
    await waitForAttempts(body.operationId, 1);
    await sandbox.clock.advance(30);
    await waitForAttempts(body.operationId, 2);
    const results = bodiesFor(body.operationId).map((b) => acquireCallbackSchema.parse(b).status);
    expect(results).toEqual([{ result: 'unknown' }, { result: 'success' }]);
  });

  it('a rejected async acquire sends no callback', async () => {
    const rejected = acquireBody({ beneficiaryId: 'reject-INTERNAL' });
    await http.call('POST', '/v1/acquire/product/async', { body: rejected });
    const after = acquireBody();
    await http.call('POST', '/v1/acquire/product/async', { body: after });
    await waitForAttempts(after.operationId, 1);
    expect(await attempts(rejected.operationId)).toEqual([]);
  });

  it('an operator acquire calls back success', async () => {
    const operationId = opId();
    await http.call('POST', '/v1/acquire', {
      body: { operationId, sku: 'glo-200', acquirerMsisdn: '08031234567', amount: null },
    });
    await waitForAttempts(operationId, 1);
    expect(acquireCallbackSchema.parse(bodiesFor(operationId)[0]).status).toEqual({
      result: 'success',
    });
  });
});

describe('redelivery', () => {
  it('retries after 1 s, 2 s, 4 s of sandbox time across a receiver outage', async () => {
    await receiver.down();
    const body = acquireBody();
    await http.call('POST', '/v1/acquire/product/async', { body });
    await waitForAttempts(body.operationId, 1);
    await http.call('POST', '/sandbox/clock/advance', { body: { seconds: 1 }, credentials: null });
    await http.call('POST', '/sandbox/clock/advance', { body: { seconds: 2 }, credentials: null });
    expect(await attempts(body.operationId)).toHaveLength(3);
    await receiver.up();
    await http.call('POST', '/sandbox/clock/advance', {
      body: { seconds: 3.5 },
      credentials: null,
    });
    expect(await attempts(body.operationId)).toHaveLength(3);
    await http.call('POST', '/sandbox/clock/advance', {
      body: { seconds: 0.5 },
      credentials: null,
    });
    const logged = await attempts(body.operationId);
    expect(logged.map((a) => [a.attempt, a.status, typeof a.error])).toEqual([
      [1, undefined, 'string'],
      [2, undefined, 'string'],
      [3, undefined, 'string'],
      [4, 200, 'undefined'],
    ]);
    const gaps = logged.slice(1).map((a, i) => a.at - (logged[i]?.at ?? 0));
    expect(gaps.map((gap) => Math.round(gap))).toEqual([1, 2, 4]);
    expect(bodiesFor(body.operationId)).toHaveLength(1);
    // Delivered: no further attempts however far time moves.
    await sandbox.clock.advance(3600);
    expect(await attempts(body.operationId)).toHaveLength(4);
  });

  it('keeps retrying, at most every 10 minutes, for 24 hours of sandbox time', async () => {
    await receiver.down();
    const body = acquireBody();
    await http.call('POST', '/v1/acquire/product/async', { body });
    const [first] = await waitForAttempts(body.operationId, 1);
    for (let i = 0; i < 160; i++) await sandbox.clock.advance(600);
    const logged = await attempts(body.operationId);
    const last = logged.at(-1);
    expect(logged.length).toBeGreaterThan(140);
    expect(logged.length).toBeLessThan(160);
    expect((last?.at ?? 0) - (first?.at ?? 0)).toBeLessThanOrEqual(24 * 3600);
    expect(logged.every((a) => a.error !== undefined)).toBe(true);
  });

  it('logs an undeliverable callback when the developer has no callback URL', async () => {
    const created = await http.call('POST', '/sandbox/developers', { body: {}, credentials: null });
    const credentials = created.body as { clientId: string; clientSecret: string };
    const body = acquireBody();
    await http.call('POST', '/v1/acquire/product/async', { body, credentials });
    const [attempt] = await waitForAttempts(body.operationId, 1);
    expect(attempt).toMatchObject({ attempt: 1, url: '', error: 'no callback URL configured' });
  });
});
