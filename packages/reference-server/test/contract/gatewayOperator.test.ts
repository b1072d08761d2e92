/**
 * spec, "New session": "operator | string | network operator of the number". The sandbox reads
 * the network from the number's prefix, for dials and pushes alike, so a number always has the
 * same operator. Over HTTP against a freshly started sandbox.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { show, startTestApp, type TestApp } from './gatewayHarness';
import { type SandboxUnderTest, startSandboxUnderTest, type TestDeveloper } from './sandboxHarness';

const DEV: TestDeveloper = { clientId: 'dev', clientSecret: 'dev-secret' };

describe('gateway: the operator of a number', () => {
  let app: TestApp;
  let sandbox: SandboxUnderTest;

  beforeAll(async () => {
    app = await startTestApp((event) =>
      event === 'new' ? show({ type: 'InputView', message: 'Hi' }) : undefined,
    );
    sandbox = await startSandboxUnderTest({
      developers: [{ ...DEV, permissions: ['PUSH', 'RECOVERY'] }],
      apps: [{ appId: 'app', clientId: DEV.clientId, appCode: '3', url: app.url }],
    });
  });

  beforeEach(() => {
    app.received.length = 0;
  });

  afterAll(async () => {
    await sandbox.close();
    await app.close();
    expect(app.violations).toEqual([]);
  });

  const operatorOfNew = (sessionId: string) =>
    app.received.find((entry) => entry.event === 'new' && entry.body.sessionId === sessionId)?.body
      .operator;

  /** Pushes to `msisdn` and answers the operator the app got in the push's `new`. */
  async function pushedOperator(msisdn: string): Promise<string> {
    const pushed = await sandbox.push(DEV, { appId: 'app', msisdn, contextData: '' });
    expect(pushed.status).toBe(200);
    await vi.waitFor(() => expect(operatorOfNew(pushed.body.sessionId)).toBeDefined());
    return operatorOfNew(pushed.body.sessionId);
  }

  it.each([
    ['+2348051234567', 'glo'],
    ['08021234567', 'airtel'],
    ['2348091234567', 'etisalat'],
    ['8031234567', 'mtn'],
  ])('%s dials and is pushed as %s', async (msisdn, network) => {
    const dialled = await sandbox.dial('*384*3#', msisdn);
    expect(operatorOfNew(dialled.sessionId)).toBe(network);
    expect(await pushedOperator(msisdn)).toBe(network);
  });

  it('a recovery code dialled after its push starts a session with the same operator', async () => {
    const pushed = await sandbox.push(DEV, {
      appId: 'app',
      msisdn: '08051234567',
      contextData: '',
    });
    await sandbox.advance(121);
    const recovered = await sandbox.dial(pushed.body.recoveryShortcode, '08051234567');
    expect(operatorOfNew(pushed.body.sessionId)).toBe('glo');
    expect(operatorOfNew(recovered.sessionId)).toBe('glo');
  });

  it('a number of an unknown prefix is mtn, the default network', async () => {
    const dialled = await sandbox.dial('*384*3#', '08041234567');
    expect(operatorOfNew(dialled.sessionId)).toBe('mtn');
    expect(await pushedOperator('08041234567')).toBe('mtn');
  });

  it('an explicit operator is a check, not an override: it must be the network of the number', async () => {
    const agreeing = await sandbox.call('POST', '/sandbox/sessions', {
      msisdn: '08051234567',
      dial: '*384*3#',
      operator: 'glo',
    });
    expect(agreeing.status).toBe(200);
    const disagreeing = await sandbox.call('POST', '/sandbox/sessions', {
      msisdn: '08051234567',
      dial: '*384*3#',
      operator: 'mtn',
    });
    expect(disagreeing).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: expect.stringContaining('is a glo number') },
    });
    expect(app.received.filter((entry) => entry.event === 'new')).toHaveLength(1);
  });
});
