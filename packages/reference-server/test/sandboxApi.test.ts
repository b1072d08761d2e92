import { pushResponseSchema } from '@ussdkit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HistoryEntry, type RunningSandbox, startSandbox } from '../src/index';
import { type Api, acquireBody, api } from './helpers/api';
import { startTestApp, type TestApp } from './helpers/testApp';

let sandbox: RunningSandbox;
let http: Api;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp('Receipt sent');
  sandbox = await startSandbox({ port: 0, quiet: true });
  http = api(sandbox.url);
});
afterAll(async () => {
  await sandbox.close();
  await app.close();
});

const sandboxCall = (method: string, path: string, body?: unknown) =>
  http.call(method, path, { body, credentials: null });

describe('POST/PATCH/GET /sandbox/developers', () => {
  it('creates a developer with generated credentials and defaults', async () => {
    const created = await sandboxCall('POST', '/sandbox/developers', { name: 'Shop' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      clientId: expect.any(String),
      clientSecret: expect.any(String),
      name: 'Shop',
      balance: 1_000_000,
      virtualPurse: 10_000,
      feePerTick: 2,
      permissions: ['ACQUIRE', 'PUSH', 'RECOVERY', 'EMBEDDED_PROCESS'],
    });
    const credentials = created.body as { clientId: string; clientSecret: string };
    const info = await http.call('GET', '/client/info', { credentials });
    expect(info.body).toMatchObject({ name: 'Shop', callback: '' });
  });

  it('takes given credentials, refuses a taken clientId, names bad fields', async () => {
    const body = { clientId: 'given', clientSecret: 'given-secret', balance: 5 };
    expect((await sandboxCall('POST', '/sandbox/developers', body)).status).toBe(201);
    expect((await sandboxCall('POST', '/sandbox/developers', body)).status).toBe(409);
    const bad = await sandboxCall('POST', '/sandbox/developers', { balance: 'lots' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('balance'),
    });
  });

  it('patches any field and clears the callback URL with null', async () => {
    await sandboxCall('POST', '/sandbox/developers', { clientId: 'patched', clientSecret: 's' });
    const patched = await sandboxCall('PATCH', '/sandbox/developers/patched', {
      callbackUrl: 'http://127.0.0.1:9/cb',
      feePerTick: 5,
      permissions: [],
    });
    expect(patched).toEqual({
      status: 200,
      body: expect.objectContaining({
        callbackUrl: 'http://127.0.0.1:9/cb',
        feePerTick: 5,
        permissions: [],
      }),
    });
    const cleared = await sandboxCall('PATCH', '/sandbox/developers/patched', {
      callbackUrl: null,
    });
    expect(cleared.body).not.toHaveProperty('callbackUrl');
    const read = await sandboxCall('GET', '/sandbox/developers/patched');
    expect(read.body).toEqual(cleared.body);
    expect((await sandboxCall('PATCH', '/sandbox/developers/nobody', {})).status).toBe(404);
    expect(
      (await sandboxCall('PATCH', '/sandbox/developers/patched', { clientId: 'other' })).status,
    ).toBe(400);
  });
});

describe('POST/PATCH /sandbox/apps', () => {
  it('registers an app and answers {appId, clientId, url, shortcode}', async () => {
    const created = await sandboxCall('POST', '/sandbox/apps', {
      clientId: 'demo-client',
      url: app.url,
      appId: 'receipts',
      appCode: '77',
      authToken: 't0ken',
    });
    expect(created).toEqual({
      status: 201,
      body: {
        appId: 'receipts',
        clientId: 'demo-client',
        url: app.url,
        shortcode: '384*77',
        authToken: 't0ken',
      },
    });
    const profile = await http.call('GET', '/ussd/app/receipts');
    expect(profile.body).toEqual({ appId: 'receipts', url: app.url, shortcode: '384*77' });
  });

  it('generates an id and a free app code, and refuses conflicts and unknown developers', async () => {
    const created = await sandboxCall('POST', '/sandbox/apps', {
      clientId: 'demo-client',
      url: app.url,
    });
    const { appId, shortcode } = created.body as { appId: string; shortcode: string };
    expect(created.status).toBe(201);
    expect(appId).toEqual(expect.any(String));
    expect(shortcode).toMatch(/^384\*\d+$/);
    expect(shortcode).not.toBe('384*1');
    const taken = await sandboxCall('POST', '/sandbox/apps', {
      clientId: 'demo-client',
      url: app.url,
      appCode: '1',
    });
    expect(taken.status).toBe(409);
    const orphan = await sandboxCall('POST', '/sandbox/apps', { clientId: 'nobody', url: app.url });
    expect(orphan.status).toBe(400);
    const badUrl = await sandboxCall('POST', '/sandbox/apps', {
      clientId: 'demo-client',
      url: 'ftp://x',
    });
    expect(badUrl.body).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('url'),
    });
  });

  it('patches the url, token and deadline', async () => {
    const patched = await sandboxCall('PATCH', '/sandbox/apps/demo-app', {
      url: 'http://127.0.0.1:3999/other',
      authToken: 'new-token',
      answerTimeoutMs: 1000,
    });
    expect(patched).toEqual({
      status: 200,
      body: {
        appId: 'demo-app',
        clientId: 'demo-client',
        url: 'http://127.0.0.1:3999/other',
        shortcode: '384*1',
      },
    });
    expect((await sandboxCall('PATCH', '/sandbox/apps/nope', {})).status).toBe(404);
  });
});

describe('POST /sandbox/clock/advance', () => {
  it('moves sandbox time and answers now in seconds', async () => {
    const before = sandbox.clock.now() / 1000;
    const answer = await sandboxCall('POST', '/sandbox/clock/advance', { seconds: 3600 });
    const { now } = answer.body as { now: number };
    expect(answer.status).toBe(200);
    expect(now - before).toBeGreaterThanOrEqual(3600);
    expect(now - before).toBeLessThan(3660);
    for (const seconds of [-1, 'ten', null]) {
      const bad = await sandboxCall('POST', '/sandbox/clock/advance', { seconds });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('seconds'),
      });
    }
  });
});

describe('GET /sandbox/history', () => {
  it('lists acquires, pushes and billed sessions of a developer', async () => {
    const developer = await sandboxCall('POST', '/sandbox/developers', { feePerTick: 3 });
    const credentials = developer.body as { clientId: string; clientSecret: string };
    await sandboxCall('POST', '/sandbox/apps', {
      clientId: credentials.clientId,
      url: app.url,
      appId: 'history-app',
      appCode: '88',
    });
    const acquire = acquireBody({ sku: 'data-500mb' });
    await http.call('POST', '/v1/acquire/product', { body: acquire, credentials });

    const dialled = await sandboxCall('POST', '/sandbox/sessions', {
      msisdn: '08031234567',
      dial: '*384*88#',
    });
    expect(dialled.body).toMatchObject({ screen: 'Receipt sent', open: false });

    const pushed = await http.call('POST', '/ussd/app/push', {
      body: { appId: 'history-app', msisdn: '08037654321', contextData: 'order-1' },
      credentials,
    });
    expect(pushed.status).toBe(200);
    const push = pushResponseSchema.parse(pushed.body);
    expect(push.recoveryShortcode).toMatch(/^\*384\*88\*\d{5}#$/);

    // The pushed session shows an InfoView, so it ends (and is billed) once the app has answered.
    let entries: HistoryEntry[] = [];
    while (entries.length < 4) {
      const history = await sandboxCall('GET', `/sandbox/history?clientId=${credentials.clientId}`);
      entries = history.body as HistoryEntry[];
    }
    expect(entries.map((e) => e.type)).toEqual(['acquire', 'session', 'push', 'session']);
    expect(entries[0]).toMatchObject({
      operationId: acquire.operationId,
      status: 'SUCCESS',
      amount: 300,
    });
    expect(entries[1]).toMatchObject({
      appId: 'history-app',
      sessionId: (dialled.body as { sessionId: string }).sessionId,
      ticks: 1,
      fee: 3,
    });
    expect(entries[2]).toMatchObject({
      appId: 'history-app',
      sessionId: push.sessionId,
      msisdn: '08037654321',
    });
    expect(entries[3]).toMatchObject({ sessionId: push.sessionId, ticks: 1, fee: 3 });

    const everyone = await sandboxCall('GET', '/sandbox/history');
    expect((everyone.body as HistoryEntry[]).length).toBeGreaterThan(entries.length - 1);
  });

  it('push refuses an app of another developer and a too-low virtual purse with 400', async () => {
    const developer = await sandboxCall('POST', '/sandbox/developers', { virtualPurse: 0 });
    const credentials = developer.body as { clientId: string; clientSecret: string };
    const foreign = await http.call('POST', '/ussd/app/push', {
      body: { appId: 'demo-app', msisdn: '08031234567', contextData: '' },
      credentials,
    });
    expect(foreign).toEqual({
      status: 400,
      body: { code: 'APP_NOT_FOUND', message: expect.any(String) },
    });
    await sandboxCall('POST', '/sandbox/apps', {
      clientId: credentials.clientId,
      url: app.url,
      appId: 'poor-app',
    });
    const poor = await http.call('POST', '/ussd/app/push', {
      body: { appId: 'poor-app', msisdn: '08031234567', contextData: '' },
      credentials,
    });
    expect(poor).toEqual({
      status: 400,
      body: { code: 'INSUFFICIENT_BALANCE_IN_VIRTUAL_PURSE', message: expect.any(String) },
    });
  });
});
