/**
 * A MerchantPaymentProcess's `executionMode` (upstream 1.6.4, docs/reference/upstream-facts.md
 * sections 6 and 7): `WithoutWaitingForBank` answers the app at once with `Unknown`;
 * `WithBankResponseTimeout {millis}` waits for the sandbox bank up to `millis` of sandbox time.
 * The bank answers PIN 1234 and 5555 at once and PIN 7777 and 8888 after 30 s (docs/gateway.md).
 * Over HTTP against a freshly started sandbox; time moves only through the clock endpoint.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { show, startTestApp, type TestApp, type Wire } from './gatewayHarness';
import { type SandboxUnderTest, type Screen, startSandboxUnderTest } from './sandboxHarness';

const PHONE = '08031234567';
const PIN_SCREEN = 'Pay NGN 100 to 12345 from 0581234567\nEnter your PIN:';

describe('gateway: merchant payment executionMode', () => {
  let app: TestApp;
  let sandbox: SandboxUnderTest;
  /** The executionMode of the next payment (none when undefined). */
  let executionMode: object | undefined;
  let paymentMode: object;

  beforeAll(async () => {
    app = await startTestApp((event, body: Wire) => {
      if (event === 'new') {
        return {
          json: {
            action: {
              type: 'RunProcess',
              process: {
                type: 'MerchantPaymentProcess',
                operationId: body.sessionId,
                merchantCode: '12345',
                amount: 100,
                paymentMode,
                ...(executionMode === undefined ? {} : { executionMode }),
              },
            },
            contextData: 'paying',
          },
        };
      }
      if (event === 'continue') {
        const { status } = body.result;
        const cause = status.type === 'Failure' ? ` ${status.cause.type}` : '';
        return show({ type: 'InfoView', message: `Result ${status.type}${cause}` });
      }
      return undefined;
    });
    sandbox = await startSandboxUnderTest({
      developers: [{ clientId: 'dev', clientSecret: 'dev-secret' }],
      apps: [{ appId: 'shop', clientId: 'dev', appCode: '4', url: app.url }],
    });
  });

  beforeEach(() => {
    executionMode = undefined;
    paymentMode = { type: 'FixedAccount', bank: '058', account: '0581234567' };
    app.received.length = 0;
  });

  afterAll(async () => {
    await sandbox.close();
    await app.close();
    expect(app.violations).toEqual([]);
  });

  /** The merchant payment callbacks of a session's payment (its operationId is the session id). */
  const callbacks = async (sessionId: string) =>
    (await sandbox.callbacks(sessionId)).map((attempt: Wire) => {
      const { result, cause } = attempt.body;
      return cause === undefined ? result : `${result} ${cause}`;
    });

  const continued = () => app.received.filter((entry) => entry.event === 'continue');

  /** Types the PIN without waiting for the answer, which comes once the gateway has it. */
  async function typePin(pin: string): Promise<{ sessionId: string; answer: Promise<Screen> }> {
    const first = await sandbox.dial('*384*4#', PHONE);
    expect(first.screen).toBe(PIN_SCREEN);
    const answer = sandbox.input(first.sessionId, pin);
    return { sessionId: first.sessionId, answer };
  }

  /** Waits until the gateway wrote that it waits for the bank. */
  async function waitingForBank(sessionId: string, millis: number) {
    await vi.waitFor(async () =>
      expect((await sandbox.report(sessionId)).transcript.at(-1)).toMatchObject({
        from: 'gateway',
        text: `waiting up to ${millis} ms of sandbox time for the bank`,
      }),
    );
  }

  it('without executionMode: a late bank is not awaited (Unknown at once, the result by callback after 30 s)', async () => {
    const { sessionId, answer } = await typePin('7777');
    expect((await answer).screen).toBe('Result Unknown');
    expect(await callbacks(sessionId)).toEqual(['Unknown']);
    await sandbox.advance(30);
    expect(await callbacks(sessionId)).toEqual(['Unknown', 'Success']);
  });

  it.each([
    ['1234', 'Success'],
    ['5555', 'Failure SwitchUnavailable'],
    ['7777', 'Success'],
  ])(
    'WithoutWaitingForBank, PIN %s: the app gets Unknown at once; the callback brings %s',
    async (pin, final) => {
      executionMode = { type: 'WithoutWaitingForBank' };
      const { sessionId, answer } = await typePin(pin);
      expect((await answer).screen).toBe('Result Unknown');
      expect(continued()[0]?.body.result).toEqual({
        type: 'MerchantPaymentResult',
        operationId: sessionId,
        status: { type: 'Unknown' },
      });
      await sandbox.advance(30);
      expect(await callbacks(sessionId)).toEqual(['Unknown', final]);
    },
  );

  it('WithBankResponseTimeout, a bank that answers at once: the app gets the result at once', async () => {
    executionMode = { type: 'WithBankResponseTimeout', millis: 60_000 };
    const { sessionId, answer } = await typePin('5555');
    expect((await answer).screen).toBe('Result Failure SwitchUnavailable');
    expect(await callbacks(sessionId)).toEqual(['Failure SwitchUnavailable']);
  });

  it('WithBankResponseTimeout 60000, PIN 7777: the phone waits 30 s of sandbox time, then the app gets Success', async () => {
    executionMode = { type: 'WithBankResponseTimeout', millis: 60_000 };
    const { sessionId, answer } = await typePin('7777');
    await waitingForBank(sessionId, 60_000);
    await sandbox.advance(29);
    expect(continued()).toEqual([]);
    await sandbox.advance(1);
    expect(await answer).toEqual({ sessionId, screen: 'Result Success', open: false });
    expect(continued()[0]?.body.result.status).toEqual({ type: 'Success' });
    await sandbox.advance(60);
    expect(await callbacks(sessionId)).toEqual(['Success']);
  });

  it.each([
    ['7777', 'Success'],
    ['8888', 'Failure Other'],
  ])(
    'WithBankResponseTimeout 10000, PIN %s: Unknown after 10 s, then %s by callback at 30 s',
    async (pin, final) => {
      executionMode = { type: 'WithBankResponseTimeout', millis: 10_000 };
      const { sessionId, answer } = await typePin(pin);
      await waitingForBank(sessionId, 10_000);
      await sandbox.advance(9);
      expect(continued()).toEqual([]);
      await sandbox.advance(1);
      expect((await answer).screen).toBe('Result Unknown');
      expect(await callbacks(sessionId)).toEqual(['Unknown']);
      await sandbox.advance(20);
      expect(await callbacks(sessionId)).toEqual(['Unknown', final]);
    },
  );

  it('a customer who cancels while the gateway waits: the session closes, the bank still answers by callback', async () => {
    executionMode = { type: 'WithBankResponseTimeout', millis: 60_000 };
    const { sessionId, answer } = await typePin('7777');
    await waitingForBank(sessionId, 60_000);
    await sandbox.cancel(sessionId);
    expect(await answer).toEqual({ sessionId, screen: 'Session cancelled.', open: false });
    await sandbox.advance(30);
    expect(app.received.map((entry) => entry.event)).toEqual(['new', 'close']);
    expect(await callbacks(sessionId)).toEqual(['Success']);
  });

  // spec, Limits 1: "Assume the session is forced to close after 2 minutes (close reason
  // `Timeout`)": also while the gateway waits for the bank.
  it('the 2-minute limit closes a session that waits for the bank', async () => {
    executionMode = { type: 'WithBankResponseTimeout', millis: 60_000 };
    const first = await sandbox.dial('*384*4#', PHONE);
    await sandbox.advance(100);
    const answer = sandbox.input(first.sessionId, '7777');
    await waitingForBank(first.sessionId, 60_000);
    await sandbox.advance(20);
    expect(await answer).toEqual({
      sessionId: first.sessionId,
      screen: 'Session timed out.',
      open: false,
    });
    expect((await sandbox.report(first.sessionId)).closeReason).toBe('Timeout');
    await sandbox.advance(10);
    expect(continued()).toEqual([]);
    expect(await callbacks(first.sessionId)).toEqual(['Success']);
  });

  // The gateway's own menus take the exact number, as app choosers take the exact accessKey.
  it('the bank menu of a Flexible payment takes only the exact number', async () => {
    paymentMode = { type: 'Flexible' };
    const first = await sandbox.dial('*384*4#', PHONE);
    const retry = await sandbox.input(first.sessionId, ' 2');
    expect(retry.screen).toMatch(
      /^Invalid choice\. Try again\.\nPay NGN 100 to 12345\nChoose your bank:/,
    );
    expect((await sandbox.input(first.sessionId, '2')).screen).toBe(
      'Pay NGN 100 to 12345\nChoose your GTBank account:\n1. 0581234567',
    );
    await sandbox.cancel(first.sessionId);
  });
});
