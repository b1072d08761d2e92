import { operationHistorySchema } from '@ussdkit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, demoConfig, type RunningSandbox, startSandbox } from '../src/index';
import { type Api, acquireBody, api, opId } from './helpers/api';
import { startTestApp, type TestApp } from './helpers/testApp';

// Spec, "Endpoints": "GET /operation/history (history of operations, used to check billing)";
// Limits 3-4: "The total fee is ceil(session length in seconds / 20) * fee per tick" and "only the
// caller of the redirection is charged, for the whole session from start to end. The receiving
// application is not charged."

let sandbox: RunningSandbox;
let http: Api;
let caller: TestApp;
let receiver: TestApp;
const other = { clientId: 'other-client', clientSecret: 'other-secret' };

beforeAll(async () => {
  // The demo app redirects every session to the other developer's app, which ends it tagged.
  receiver = await startTestApp(() => ({
    action: { type: 'ShowView', view: { type: 'InfoView', message: 'Gift sent' } },
    contextData: '',
    sessionTag: 'gift',
  }));
  caller = await startTestApp(() => ({
    action: { type: 'Redirect', destinationAppId: 'gift-app' },
    contextData: '',
  }));
  const config = demoConfig();
  sandbox = await startSandbox({
    port: 0,
    quiet: true,
    config: {
      ...config,
      developers: [...config.developers, { ...other, feePerTick: 5 }],
      apps: [
        ...config.apps.map((app) => ({ ...app, url: caller.url })),
        { appId: 'gift-app', clientId: other.clientId, appCode: '2', url: receiver.url },
      ],
    },
  });
  http = api(sandbox.url);
});
afterAll(async () => {
  await sandbox.close();
  await caller.close();
  await receiver.close();
});

async function history(query = '', credentials?: { clientId: string; clientSecret: string }) {
  const answer = await http.call('GET', `/operation/history${query}`, {
    ...(credentials === undefined ? {} : { credentials }),
  });
  expect(answer.status).toBe(200);
  return operationHistorySchema.parse(answer.body).operations;
}

describe('GET /operation/history', () => {
  it("lists the caller's acquires, pushes, billed sessions and merchant payments, oldest first", async () => {
    const acquired = acquireBody({ beneficiaryId: 'fail-INTERNAL' });
    await http.call('POST', '/v1/acquire/product', { body: acquired });
    const operator = opId('operator');
    await http.call('POST', '/v1/acquire', {
      body: { operationId: operator, sku: 'mtn-100', acquirerMsisdn: '08031234567', amount: null },
    });
    const pushed = await http.call('POST', '/ussd/app/push', {
      body: { appId: DEMO.appId, msisdn: '08031234567', contextData: '' },
    });
    const paid = opId('pay');
    await http.call('POST', '/merchant/payment', {
      body: { operationId: paid, customerMsisdn: '08039990001', merchantCode: '12345', amount: 50 },
    });
    const dialled = await http.call('POST', '/sandbox/sessions', {
      body: { msisdn: '08031234567', dial: '*384*1#' },
      credentials: null,
    });
    const { sessionId } = dialled.body as { sessionId: string };

    const operations = await history();
    expect(operations.map((entry) => entry.type).slice(0, 4)).toEqual([
      'acquire',
      'acquire',
      'push',
      'merchantPayment',
    ]);
    expect(operations[0]).toMatchObject({
      operationId: acquired.operationId,
      flow: 'product',
      mode: 'sync',
      customerMsisdn: '08031234567',
      amount: 500,
      status: 'FAILURE',
      error: 'INTERNAL',
    });
    expect(operations[1]).toMatchObject({
      operationId: operator,
      flow: 'operator',
      status: 'SUCCESS',
    });
    expect(operations[2]).toMatchObject({
      sessionId: (pushed.body as { sessionId: string }).sessionId,
      appId: DEMO.appId,
    });
    expect(operations[3]).toMatchObject({ operationId: paid, status: 'INITIATED' });
    // The redirected session: billed once, to the caller (the demo developer), with the tag the
    // receiving app set.
    expect(await history(`?sessionId=${sessionId}`)).toEqual([
      {
        type: 'session',
        sessionId,
        appId: DEMO.appId,
        msisdn: '08031234567',
        chargedClientId: DEMO.clientId,
        startedAt: expect.any(Number),
        endedAt: expect.any(Number),
        seconds: expect.any(Number),
        ticks: 1,
        fee: 2,
        sessionTag: 'gift',
        at: expect.any(Number),
      },
    ]);
    expect(await history('', other)).toEqual([]);
  });

  it('shows a developer only its own operations', async () => {
    const mine = acquireBody();
    await http.call('POST', '/v1/acquire/product', { body: mine, credentials: other });
    const theirs = await history(`?operationId=${mine.operationId}`, other);
    expect(theirs).toHaveLength(1);
    expect(await history(`?operationId=${mine.operationId}`)).toEqual([]);
  });

  it('filters by type, operationId, sessionId and time (from inclusive, to exclusive)', async () => {
    const first = acquireBody();
    await http.call('POST', '/v1/acquire/product', { body: first });
    const [entry] = await history(`?operationId=${first.operationId}`);
    const at = entry?.at ?? 0;
    await sandbox.clock.advance(60);
    const later = acquireBody();
    await http.call('POST', '/v1/acquire/product', { body: later });
    const window = await history(`?type=acquire&from=${at}&to=${at + 60}`);
    expect(window.map((item) => item.type === 'acquire' && item.operationId)).toEqual([
      first.operationId,
    ]);
    expect((await history(`?type=acquire&from=${at + 60}`)).at(-1)).toMatchObject({
      operationId: later.operationId,
    });
    expect((await history('?type=push')).every((item) => item.type === 'push')).toBe(true);
    const [push] = await history('?type=push');
    const bySession = await history(`?sessionId=${push?.type === 'push' ? push.sessionId : ''}`);
    expect(bySession.map((item) => item.type)).toContain('push');
  });

  it('answers 400 naming the parameter for a bad query, 401 without credentials', async () => {
    for (const [query, name] of [
      ['?type=refund', 'type'],
      ['?from=yesterday', 'from'],
      ['?to=-5', 'to'],
    ]) {
      const answer = await http.call('GET', `/operation/history${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining(`Invalid history query: ${name}`),
      });
    }
    expect((await http.call('GET', '/operation/history', { credentials: null })).status).toBe(401);
  });

  it("keeps GET /sandbox/history: every developer's entries, with clientId", async () => {
    const answer = await http.call('GET', '/sandbox/history', { credentials: null });
    const clientIds = new Set((answer.body as { clientId: string }[]).map((row) => row.clientId));
    expect(clientIds).toEqual(new Set([DEMO.clientId, other.clientId]));
    const filtered = await http.call('GET', `/sandbox/history?clientId=${other.clientId}`, {
      credentials: null,
    });
    expect(
      (filtered.body as { clientId: string }[]).every((row) => row.clientId === other.clientId),
    ).toBe(true);
  });
});
