/**
 * Pushes and their recovery short codes, over HTTP against a freshly started sandbox: the push
 * through `POST /ussd/app/push`, the phone through the sandbox API, time through
 * `POST /sandbox/clock/advance`. Decision 0013 says what a recovery code does after its push.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { command, show, startTestApp, type TestApp, type Wire } from './gatewayHarness';
import { type SandboxUnderTest, startSandboxUnderTest, type TestDeveloper } from './sandboxHarness';

const PHONE = '+2348031234567';
const DEV: TestDeveloper = { clientId: 'push-dev', clientSecret: 'push-secret' };
const PUSH = { appId: 'push-app', msisdn: PHONE, contextData: 'offer-7' };

describe('gateway: pushes and recovery short codes', () => {
  let app: TestApp;
  let sandbox: SandboxUnderTest;

  beforeEach(async () => {
    app = await startTestApp((event, body: Wire) => {
      if (event === 'new' && body.input.type === 'Push') {
        if (body.input.contextData === 'notice') {
          return show({ type: 'InfoView', message: 'Your order has shipped.' }, 'noticed');
        }
        return show(
          { type: 'InputView', message: `Offer ${body.input.contextData}: reply 1` },
          'p',
        );
      }
      if (event === 'new') return show({ type: 'InputView', message: 'Dialled' }, 'd');
      if (event === 'continue') return show({ type: 'InputView', message: 'Confirm?' }, 'c');
      return undefined;
    });
    sandbox = await startSandboxUnderTest({
      developers: [{ ...DEV, permissions: ['PUSH', 'RECOVERY'], feePerTick: 2 }],
      apps: [{ appId: 'push-app', clientId: DEV.clientId, appCode: '12', url: app.url }],
    });
  });

  afterEach(async () => {
    await sandbox.close();
    await app.close();
    expect(app.violations).toEqual([]);
  });

  /** Pushes `body` and waits until the phone shows it or the session is over. */
  async function push(body = PUSH): Promise<{ sessionId: string; recoveryShortcode: string }> {
    const pushed = await sandbox.push(DEV, body);
    expect(pushed.status).toBe(200);
    const { sessionId } = pushed.body;
    await vi.waitFor(async () => {
      const shown = (await sandbox.phone(body.msisdn)).pendingPush?.sessionId === sessionId;
      expect(shown || !(await sandbox.report(sessionId)).open).toBe(true);
    });
    return pushed.body;
  }

  const newInputs = () =>
    app.received.filter((entry) => entry.event === 'new').map((entry) => entry.body.input);

  // spec, States: "(none) | POST /ussd/app/push | accepted | open | response with sessionId;
  // service then calls new with input Push"
  it('a push opens the session at once and calls new with input Push; the phone sees its screen', async () => {
    const { sessionId, recoveryShortcode } = await push();
    expect(recoveryShortcode).toMatch(/^\*384\*12\*\d{5}#$/);
    expect(app.received[0]).toMatchObject({
      event: 'new',
      body: { sessionId, msisdn: PHONE, input: { type: 'Push', contextData: 'offer-7' } },
    });
    expect(await sandbox.report(sessionId)).toMatchObject({ open: true, appId: 'push-app' });
    expect(await sandbox.phone('08031234567')).toEqual({
      pendingPush: { sessionId, screen: 'Offer offer-7: reply 1', open: true },
    });
  });

  // spec, States: "open | operator time limit reached | about 2 minutes | closed | close with
  // reason Timeout"; Limits 1: "Assume the session is forced to close after 2 minutes (close
  // reason `Timeout`)"; Limits 3: "a session is divided into 20-second ticks"
  it('a push the phone never takes up closes with Timeout 120 s after the push, billed 6 ticks', async () => {
    const { sessionId } = await push();
    await sandbox.advance(119);
    expect((await sandbox.report(sessionId)).open).toBe(true);
    await sandbox.advance(1);
    const report = await sandbox.report(sessionId);
    expect(report).toMatchObject({ open: false, closeReason: 'Timeout', ticks: 6, fee: 12 });
    expect(report.endedAt - report.startedAt).toBe(120);
    expect(app.received.at(-1)).toMatchObject({
      event: 'close',
      body: { reason: { type: 'Timeout' } },
    });
    expect(await sandbox.phone(PHONE)).toEqual({});
    const billed = (await sandbox.history(DEV.clientId)).find(
      (entry) => entry.type === 'session' && entry.sessionId === sessionId,
    );
    expect(billed).toMatchObject({ seconds: 120, ticks: 6, fee: 12 });
  });

  // spec, States: "open | operator time limit reached | about 2 minutes | closed | close with
  // reason Timeout": the limit counts from the push (States: "POST /ussd/app/push | accepted |
  // open"), not from the moment the phone answers.
  it('a push taken up after 100 s still closes with Timeout 120 s after the push', async () => {
    const { sessionId } = await push();
    await sandbox.advance(100);
    expect(await sandbox.input(sessionId, '1')).toEqual({
      sessionId,
      screen: 'Confirm?',
      open: true,
    });
    await sandbox.advance(19);
    expect((await sandbox.report(sessionId)).open).toBe(true);
    await sandbox.advance(1);
    expect(await sandbox.report(sessionId)).toMatchObject({
      open: false,
      closeReason: 'Timeout',
      ticks: 6,
    });
  });

  // spec, Recovery token: "valid | customer receives the push and responds | invalid"
  it('answering the push spends its recovery code: dialling it is then an ordinary dial', async () => {
    const { sessionId, recoveryShortcode } = await push();
    await sandbox.input(sessionId, '1');
    const redial = await sandbox.dial(recoveryShortcode, PHONE);
    expect(redial.sessionId).not.toBe(sessionId);
    expect(newInputs().at(-1)).toEqual({ type: 'Dial', shortcodeString: recoveryShortcode });
  });

  // spec, Recovery token: "valid | customer receives the push and responds | invalid" (a cancel
  // is the customer's answer too)
  it('cancelling the push spends its recovery code as well', async () => {
    const { sessionId, recoveryShortcode } = await push();
    await sandbox.cancel(sessionId);
    expect((await sandbox.report(sessionId)).closeReason).toBe('Abandon');
    await sandbox.dial(recoveryShortcode, PHONE);
    expect(newInputs().at(-1)).toEqual({ type: 'Dial', shortcodeString: recoveryShortcode });
  });

  // spec, Recovery token: "valid | customer dials the recovery token | invalid"
  it('dialling the recovery code while the push is open resumes it once; its limit stays 120 s from the push', async () => {
    const { sessionId, recoveryShortcode } = await push();
    await sandbox.advance(50);
    expect(await sandbox.dial(recoveryShortcode, '08031234567')).toEqual({
      sessionId,
      screen: 'Offer offer-7: reply 1',
      open: true,
    });
    expect(await sandbox.phone(PHONE)).toEqual({});
    const again = await sandbox.dial(recoveryShortcode, PHONE);
    expect(again.sessionId).not.toBe(sessionId);
    expect(again.screen).toBe('Dialled');
    await sandbox.advance(69);
    expect((await sandbox.report(sessionId)).open).toBe(true);
    await sandbox.advance(1);
    expect((await sandbox.report(sessionId)).closeReason).toBe('Timeout');
  });

  // spec, Recovery token: "valid | 5 minutes pass | invalid", and Limits 2: "Recovery token
  // validity: 5 minutes". Decision 0013: a valid code dialled after its push is over starts a new
  // session of the pushed app, with the push's own input.
  it('the recovery code outlives the pushed session: dialled at 200 s it starts a new session with input Push', async () => {
    const { sessionId, recoveryShortcode } = await push();
    await sandbox.advance(200);
    expect((await sandbox.report(sessionId)).closeReason).toBe('Timeout');
    const recovered = await sandbox.dial(recoveryShortcode, PHONE);
    expect(recovered).toEqual({
      sessionId: expect.any(String),
      screen: 'Offer offer-7: reply 1',
      open: true,
    });
    expect(recovered.sessionId).not.toBe(sessionId);
    expect(app.received.at(-1)).toMatchObject({
      event: 'new',
      body: {
        sessionId: recovered.sessionId,
        msisdn: PHONE,
        operator: 'mtn',
        input: { type: 'Push', contextData: 'offer-7' },
      },
    });
    const report = await sandbox.report(recovered.sessionId);
    expect(report).toMatchObject({ open: true, chargedClientId: DEV.clientId, ticks: 1 });
    expect(report.transcript.map((line: Wire) => line.text).slice(0, 2)).toEqual([
      recoveryShortcode,
      `recovery code of push ${sessionId}, which is over: a new session with its Push input`,
    ]);
    // Spent by that dial: the next one is an ordinary dial of the app.
    await sandbox.dial(recoveryShortcode, PHONE);
    expect(newInputs().at(-1)).toEqual({ type: 'Dial', shortcodeString: recoveryShortcode });
  });

  // spec, Recovery token: "valid | 5 minutes pass | invalid"
  it('a recovery code dialled 5 minutes after the push is an ordinary dial', async () => {
    const { recoveryShortcode } = await push();
    await sandbox.advance(300);
    const late = await sandbox.dial(recoveryShortcode, PHONE);
    expect(late.screen).toBe('Dialled');
    expect(newInputs().at(-1)).toEqual({ type: 'Dial', shortcodeString: recoveryShortcode });
  });

  // Decision 0013: a push that never reached the phone (the app failed on the push's new) is
  // recovered the same way.
  it('a push whose new failed is recovered by its code with a new session', async () => {
    let failing = true;
    const answer = app.handler;
    app.handler = (event, body) => {
      if (event === 'new' && failing) {
        failing = false;
        return { status: 500 };
      }
      return answer(event, body);
    };
    const { sessionId, recoveryShortcode } = await push();
    expect(await sandbox.report(sessionId)).toMatchObject({
      open: false,
      abortReason: 'UnexpectedUssdAppResponse',
    });
    const recovered = await sandbox.dial(recoveryShortcode, PHONE);
    expect(recovered.screen).toBe('Offer offer-7: reply 1');
    expect(newInputs().at(-1)).toEqual({ type: 'Push', contextData: 'offer-7' });
  });

  it('a recovery code is the pushed phone’s: from another phone it is an ordinary dial and stays valid', async () => {
    const { sessionId, recoveryShortcode } = await push();
    const other = await sandbox.dial(recoveryShortcode, '08039999999');
    expect(other.sessionId).not.toBe(sessionId);
    expect(newInputs().at(-1)).toEqual({ type: 'Dial', shortcodeString: recoveryShortcode });
    expect((await sandbox.dial(recoveryShortcode, PHONE)).sessionId).toBe(sessionId);
  });

  // spec, States: "open | application responds with InfoView | closed | message is delivered,
  // then close with reason End"
  it('a push whose first screen is an InfoView is delivered to the phone, then closes with End', async () => {
    const { sessionId } = await push({ ...PUSH, contextData: 'notice' });
    expect(await sandbox.phone(PHONE)).toEqual({
      pendingPush: { sessionId, screen: 'Your order has shipped.', open: false },
    });
    expect(await sandbox.report(sessionId)).toMatchObject({ open: false, closeReason: 'End' });
    expect(app.received.at(-1)).toMatchObject({
      event: 'close',
      body: { sessionId, reason: { type: 'End' }, contextData: 'noticed' },
    });
    // The phone keeps showing it until it is put away (cancel), then shows nothing.
    expect(await sandbox.phone(PHONE)).toMatchObject({ pendingPush: { sessionId } });
    expect(await sandbox.cancel(sessionId)).toEqual({ sessionId, open: false });
    expect(await sandbox.phone(PHONE)).toEqual({});
    expect((await sandbox.report(sessionId)).closeReason).toBe('End');
    const late = await sandbox.call('POST', `/sandbox/sessions/${sessionId}/input`, { text: '1' });
    expect(late.status).toBe(409);
  });

  it('a delivered InfoView push goes from the phone when it dials; its recovery code shows it again', async () => {
    const { recoveryShortcode } = await push({ ...PUSH, contextData: 'notice' });
    await sandbox.dial('*384*12#', PHONE);
    expect(await sandbox.phone(PHONE)).toEqual({});
    // The customer never responded to the push: its code still starts a new session of it.
    expect(await sandbox.dial(recoveryShortcode, PHONE)).toMatchObject({
      screen: 'Your order has shipped.',
      open: false,
    });
  });

  it('refuses a push without PUSH (403), of another developer’s app (400), or an empty purse (400)', async () => {
    await sandbox.call('POST', '/sandbox/developers', {
      clientId: 'poor',
      clientSecret: 'poor-secret',
      permissions: ['PUSH'],
      virtualPurse: 0.5,
    });
    await sandbox.call('POST', '/sandbox/developers', {
      clientId: 'no-push',
      clientSecret: 'no-push-secret',
      permissions: ['ACQUIRE'],
    });
    const poor = { clientId: 'poor', clientSecret: 'poor-secret' };
    await sandbox.call('POST', '/sandbox/apps', {
      clientId: 'poor',
      url: app.url,
      appId: 'poor-app',
    });
    expect(
      (await sandbox.push({ clientId: 'no-push', clientSecret: 'no-push-secret' }, PUSH)).status,
    ).toBe(403);
    expect((await sandbox.push(poor, PUSH)).body.code).toBe('APP_NOT_FOUND');
    const empty = await sandbox.push(poor, { ...PUSH, appId: 'poor-app' });
    expect(empty).toMatchObject({
      status: 400,
      body: { code: 'INSUFFICIENT_BALANCE_IN_VIRTUAL_PURSE' },
    });
    expect(app.received).toEqual([]);
  });

  // spec, Push response: "recoveryShortcode (string, optional, form
  // `*<main_code>*<app_code>*<5 digits>#`, present only if the developer holds the recovery
  // permission)"
  it('gives no recovery code without the RECOVERY permission', async () => {
    await sandbox.call('PATCH', `/sandbox/developers/${DEV.clientId}`, { permissions: ['PUSH'] });
    const pushed = await sandbox.push(DEV, PUSH);
    expect(pushed.body).toEqual({ sessionId: expect.any(String) });
  });

  it('a redirect out of a pushed session keeps the push’s limit', async () => {
    app.handler = (event, body) =>
      event === 'new' && body.input.type === 'Push'
        ? command({ type: 'Redirect', destinationAppId: 'push-app' })
        : show({ type: 'InputView', message: 'Redirected here' });
    const { sessionId } = await push();
    await sandbox.advance(120);
    expect((await sandbox.report(sessionId)).closeReason).toBe('Timeout');
  });
});
