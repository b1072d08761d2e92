import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../src/index';
import { show, startTestApp, type TestApp, type Wire } from './gatewayHarness';

/** End to end through the assembled sandbox (H1's createSandbox) on a real socket. */
describe('gateway through startSandbox', () => {
  let sandbox: RunningSandbox;
  let app: TestApp;

  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetch(`${sandbox.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Wire };
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    app = await startTestApp((event, body) => {
      if (event === 'new' && body.input.type === 'Push')
        return show({ type: 'InputView', message: 'Pushed: reply' }, 'p');
      if (event === 'new') {
        return show(
          { type: 'ChooserView', title: 'Shop', items: [{ accessKey: '1', label: 'Airtime' }] },
          'menu',
          'shop',
        );
      }
      if (event === 'continue') return show({ type: 'InfoView', message: 'Thanks' }, 'done');
      return undefined;
    });
    const developer = await call('POST', '/sandbox/developers', {
      clientId: 'e2e-dev',
      clientSecret: 'e2e-secret',
      permissions: ['PUSH', 'RECOVERY'],
      feePerTick: 4,
      virtualPurse: 50,
    });
    expect(developer.status).toBe(201);
    const created = await call('POST', '/sandbox/apps', {
      clientId: 'e2e-dev',
      url: app.url,
      appId: 'e2e-app',
      appCode: '77',
      authToken: 'e2e-token',
    });
    expect(created.body).toMatchObject({ appId: 'e2e-app', shortcode: '384*77' });
  });

  afterAll(async () => {
    await sandbox.close();
    await app.close();
    expect(app.violations).toEqual([]);
  });

  it('dials, re-asks, ends with End and bills the session into the history', async () => {
    const first = await call('POST', '/sandbox/sessions', {
      msisdn: '08031234567',
      dial: '*384*77*3#',
    });
    expect(first).toEqual({
      status: 200,
      body: { sessionId: expect.any(String), screen: 'Shop\n1. Airtime', open: true },
    });
    const { sessionId } = first.body;
    expect(app.received[0]).toMatchObject({
      authorization: 'e2e-token',
      body: { input: { shortcodeString: '*384*77*3#' } },
    });
    const retry = await call('POST', `/sandbox/sessions/${sessionId}/input`, { text: '5' });
    expect(retry.body.screen).toBe('Invalid choice. Try again.\nShop\n1. Airtime');
    await call('POST', '/sandbox/clock/advance', { seconds: 30 });
    const end = await call('POST', `/sandbox/sessions/${sessionId}/input`, { text: '1' });
    expect(end.body).toEqual({ sessionId, screen: 'Thanks', open: false });
    const report = await call('GET', `/sandbox/sessions/${sessionId}`);
    expect(report.body).toMatchObject({
      closeReason: 'End',
      ticks: 2,
      fee: 8,
      chargedClientId: 'e2e-dev',
      appId: 'e2e-app',
    });
    const history = await call('GET', '/sandbox/history?clientId=e2e-dev');
    expect(history.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'session',
          sessionId,
          ticks: 2,
          fee: 8,
          sessionTag: 'shop',
        }),
      ]),
    );
    expect(app.received.map((entry) => entry.event)).toEqual(['new', 'continue', 'close']);
  });

  it('pushes through POST /ussd/app/push and answers through the phone', async () => {
    const pushed = await call(
      'POST',
      '/ussd/app/push',
      { appId: 'e2e-app', msisdn: '+2348030000001', contextData: 'x' },
      { 'x-client-id': 'e2e-dev', 'x-client-secret': 'e2e-secret' },
    );
    expect(pushed.status).toBe(200);
    expect(pushed.body.recoveryShortcode).toMatch(/^\*384\*77\*\d{5}#$/);
    const phone = `/sandbox/phones/${encodeURIComponent('08030000001')}`;
    await vi.waitFor(async () => expect((await call('GET', phone)).body.pendingPush).toBeDefined());
    expect((await call('GET', phone)).body).toEqual({
      pendingPush: { sessionId: pushed.body.sessionId, screen: 'Pushed: reply', open: true },
    });
    const answered = await call('POST', `/sandbox/sessions/${pushed.body.sessionId}/input`, {
      text: 'ok',
    });
    expect(answered.body).toEqual({
      sessionId: pushed.body.sessionId,
      screen: 'Thanks',
      open: false,
    });
  });

  it('answers gateway errors as JSON through the assembled app', async () => {
    expect(await call('POST', '/sandbox/sessions/nope/input', { text: '1' })).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: expect.any(String) },
    });
    expect(
      (await call('POST', '/sandbox/sessions', { msisdn: '08031234567', dial: '*384*999#' }))
        .status,
    ).toBe(404);
    expect(
      (await call('POST', '/sandbox/sessions', { msisdn: '08031234567', dial: 'nope' })).body.code,
    ).toBe('BAD_REQUEST');
    const first = await call('POST', '/sandbox/sessions', {
      msisdn: '08031234567',
      dial: '*384*77#',
    });
    await call('POST', `/sandbox/sessions/${first.body.sessionId}/cancel`);
    const late = await call('POST', `/sandbox/sessions/${first.body.sessionId}/input`, {
      text: '1',
    });
    expect(late).toEqual({
      status: 409,
      body: { code: 'SESSION_CLOSED', message: expect.any(String) },
    });
  });

  it('times a session out through POST /sandbox/clock/advance', async () => {
    const first = await call('POST', '/sandbox/sessions', {
      msisdn: '08031234567',
      dial: '*384*77#',
    });
    await call('POST', '/sandbox/clock/advance', { seconds: 121 });
    const report = await call('GET', `/sandbox/sessions/${first.body.sessionId}`);
    expect(report.body).toMatchObject({ open: false, closeReason: 'Timeout', ticks: 6, fee: 24 });
    expect(app.received.at(-1)).toMatchObject({
      event: 'close',
      body: { reason: { type: 'Timeout' }, contextData: 'menu' },
    });
  });
});
