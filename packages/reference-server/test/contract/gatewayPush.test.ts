import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeWorld,
  fakeWorld,
  type GatewayServer,
  show,
  startGatewayServer,
  startTestApp,
  type TestApp,
} from './gatewayHarness';

const PHONE = '+2348031234567';

describe('gateway: push and recovery short codes', () => {
  let world: FakeWorld;
  let app: TestApp;
  let server: GatewayServer;

  beforeEach(async () => {
    world = fakeWorld();
    world.addDeveloper('dev-1', { virtualPurse: 3 });
    world.addDeveloper('dev-2');
    app = await startTestApp((event, body) => {
      if (event === 'new' && body.input.type === 'Push') {
        return show(
          { type: 'InputView', message: `Offer ${body.input.contextData}: reply 1` },
          'pushed',
        );
      }
      if (event === 'new') return show({ type: 'InputView', message: 'Dialled' });
      if (event === 'continue')
        return show({ type: 'InfoView', message: `Got ${body.result.value}` });
      return undefined;
    });
    world.addApp({ appId: 'app-1', clientId: 'dev-1', appCode: '12', url: app.url });
    server = await startGatewayServer(world.deps);
  });

  afterEach(async () => {
    await server.close();
    await app.close();
    expect(app.violations).toEqual([]);
  });

  const push = (clientId = 'dev-1', appId = 'app-1') =>
    server.gateway.push({ clientId, appId, msisdn: PHONE, contextData: 'promo-7' });

  async function pendingScreen(msisdn = PHONE) {
    await vi.waitFor(() => expect(server.gateway.phone(msisdn).pendingPush).toBeDefined());
    return server.gateway.phone(msisdn).pendingPush;
  }

  it('returns the session id and a recovery short code, then calls new with input Push', async () => {
    const result = await push();
    if (!result.ok) throw new Error(result.message);
    expect(result.recoveryShortcode).toMatch(/^\*384\*12\*\d{5}#$/);
    expect(await pendingScreen()).toEqual({
      sessionId: result.sessionId,
      screen: 'Offer promo-7: reply 1',
    });
    expect(app.received[0]?.body).toEqual({
      clientId: 'dev-1',
      appId: 'app-1',
      sessionId: result.sessionId,
      msisdn: PHONE,
      operator: 'mtn',
      input: { type: 'Push', contextData: 'promo-7' },
    });
    expect(world.developers.get('dev-1')?.virtualPurse).toBe(2);
    const byHttp = await server.get(`/sandbox/phones/${encodeURIComponent('08031234567')}`);
    expect(byHttp.body).toEqual({
      pendingPush: { sessionId: result.sessionId, screen: 'Offer promo-7: reply 1' },
    });
  });

  it('answering the push continues the session and spends the recovery code', async () => {
    const result = await push();
    if (!result.ok) throw new Error(result.message);
    await pendingScreen();
    const answered = await server.input(result.sessionId, '1');
    expect(answered).toEqual({ sessionId: result.sessionId, screen: 'Got 1', open: false });
    expect(server.gateway.phone(PHONE)).toEqual({});
    const redial = await server.dial(result.recoveryShortcode ?? '', PHONE);
    expect(redial.sessionId).not.toBe(result.sessionId);
    expect(app.received.at(-1)?.body.input).toEqual({
      type: 'Dial',
      shortcodeString: result.recoveryShortcode,
    });
  });

  it('dialling the recovery code resumes the push once; a second dial is an ordinary dial', async () => {
    const result = await push();
    if (!result.ok) throw new Error(result.message);
    await pendingScreen();
    await world.clock.advance(299);
    const resumed = await server.dial(result.recoveryShortcode ?? '', '08031234567');
    expect(resumed).toEqual({
      sessionId: result.sessionId,
      screen: 'Offer promo-7: reply 1',
      open: true,
    });
    expect(server.gateway.phone(PHONE)).toEqual({});
    const again = await server.dial(result.recoveryShortcode ?? '', '08031234567');
    expect(again.sessionId).not.toBe(result.sessionId);
    expect(again.screen).toBe('Dialled');
    // Taken up at 299 s: the 120 s session limit runs from there.
    await world.clock.advance(119);
    expect((await server.report(result.sessionId)).open).toBe(true);
    await world.clock.advance(1);
    expect((await server.report(result.sessionId)).closeReason).toBe('Timeout');
  });

  it('a recovery code expires after 5 minutes of sandbox time, with the untaken push', async () => {
    const result = await push();
    if (!result.ok) throw new Error(result.message);
    await pendingScreen();
    await world.clock.advance(300);
    expect(await server.report(result.sessionId)).toMatchObject({
      open: false,
      closeReason: 'Timeout',
    });
    expect(server.gateway.phone(PHONE)).toEqual({});
    const late = await server.dial(result.recoveryShortcode ?? '', PHONE);
    expect(late.sessionId).not.toBe(result.sessionId);
    expect(late.screen).toBe('Dialled');
  });

  it('gives no recovery code without the RECOVERY permission', async () => {
    world.addDeveloper('dev-1', { permissions: ['PUSH'], virtualPurse: 5 });
    const result = await push();
    expect(result).toEqual({ ok: true, sessionId: expect.any(String) });
  });

  it('refuses without PUSH (403), for an app of another developer (400) and when the purse is empty (400)', async () => {
    world.addDeveloper('dev-3', { permissions: ['ACQUIRE'] });
    expect(await push('dev-3')).toMatchObject({
      ok: false,
      status: 403,
      code: 'MISSING_PERMISSION',
    });
    expect(await push('dev-2')).toMatchObject({ ok: false, status: 400, code: 'APP_NOT_FOUND' });
    expect(await push('dev-1', 'nope')).toMatchObject({
      ok: false,
      status: 400,
      code: 'APP_NOT_FOUND',
    });
    world.addDeveloper('dev-1', { virtualPurse: 0.5 });
    expect(await push()).toMatchObject({
      ok: false,
      status: 400,
      code: 'INSUFFICIENT_BALANCE_IN_VIRTUAL_PURSE',
    });
    expect(app.received).toEqual([]);
  });
});
