/**
 * The gateway's memory stays bounded however long the sandbox runs: ended sessions, merchant
 * operationIds, recovery codes, pushed phones and timers are kept within `sessionRetention`, by
 * count and by sandbox time. Days of traffic over HTTP against a freshly started sandbox, time
 * moved through `POST /sandbox/clock/advance`, and the counts read from `GET /sandbox/gateway`
 * (never the process's memory).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { show, startTestApp, type TestApp, type Wire } from './gatewayHarness';
import { type SandboxUnderTest, startSandboxUnderTest, type TestDeveloper } from './sandboxHarness';

const DEV: TestDeveloper = { clientId: 'dev', clientSecret: 'dev-secret' };
const HOUR = 3600;

/**
 * An app whose dial segment picks the session: `*384*7*1#` ends after one input, `*384*7*2#` is
 * left to time out, `*384*7*3*<operationId>#` pays with that operationId (PIN 1234); a push waits
 * for an answer that never comes.
 */
function trafficApp(): Promise<TestApp> {
  return startTestApp((event, body: Wire) => {
    if (event === 'new' && body.input.type === 'Dial') {
      const [, , , kind, operationId] = String(body.input.shortcodeString)
        .replace('#', '')
        .split('*');
      if (kind === '3') {
        return {
          json: {
            action: {
              type: 'RunProcess',
              process: {
                type: 'MerchantPaymentProcess',
                operationId,
                merchantCode: '12345',
                amount: 1,
                paymentMode: { type: 'FixedAccount', bank: '058', account: '0581234567' },
              },
            },
            contextData: 'paying',
          },
        };
      }
      return show({ type: 'InputView', message: 'Name?' }, kind);
    }
    if (event === 'new') return show({ type: 'InputView', message: 'Offer: reply 1' });
    if (event === 'continue') return show({ type: 'InfoView', message: 'Bye' });
    return undefined;
  });
}

describe('gateway: bounded memory', () => {
  let app: TestApp;
  let sandbox: SandboxUnderTest;

  afterEach(async () => {
    await sandbox?.close();
    await app?.close();
    expect(app.violations).toEqual([]);
  });

  /** Starts the sandbox with `sessionRetention` in its configuration or, `asOption`, in startSandbox's options. */
  async function start(sessionRetention: object, asOption = false) {
    app = await trafficApp();
    const config = {
      developers: [{ ...DEV, permissions: ['PUSH', 'RECOVERY'], virtualPurse: 1_000_000 }],
      apps: [{ appId: 'app', clientId: DEV.clientId, appCode: '7', url: app.url }],
    };
    sandbox = asOption
      ? await startSandboxUnderTest(
          { ...config, sessionRetention: { endedSessions: 1000 } },
          { sessionRetention },
        )
      : await startSandboxUnderTest({ ...config, sessionRetention });
  }

  const retained = async () => (await sandbox.call('GET', '/sandbox/gateway')).body;

  it('keeps its retained counts flat through 3 days of traffic (2,880 sessions)', async () => {
    await start({
      endedSessions: 50,
      seconds: 2 * HOUR,
      operationIds: 1000,
      operationIdSeconds: 6 * HOUR,
    });
    let paid = 0;
    const countsByHour: Wire[] = [];
    for (let hour = 0; hour < 72; hour++) {
      const phone = (n: number) => `0803${String(1_000_000 + ((hour * 40 + n) % 500)).slice(1)}`;
      for (let n = 0; n < 40; n++) {
        const kind = n % 4;
        if (kind === 0) {
          const first = await sandbox.dial('*384*7*1#', phone(n));
          await sandbox.input(first.sessionId, 'Ada');
        } else if (kind === 1) {
          await sandbox.dial('*384*7*2#', phone(n));
        } else if (kind === 2) {
          const first = await sandbox.dial(`*384*7*3*${++paid}#`, phone(n));
          await sandbox.input(first.sessionId, '1234');
        } else {
          const pushed = await sandbox.push(DEV, {
            appId: 'app',
            msisdn: phone(n),
            contextData: '',
          });
          expect(pushed.status).toBe(200);
        }
      }
      // An hour passes: the open sessions time out, the recovery codes expire.
      await sandbox.advance(HOUR);
      countsByHour.push(await retained());
    }
    // Once the longest window (6 h of operationIds) has filled, nothing grows any more.
    const steady = countsByHour[6];
    expect(countsByHour.slice(6)).toEqual(countsByHour.slice(6).map(() => steady));
    expect(steady).toEqual({
      openSessions: 0,
      endedSessions: 50,
      // 10 payments an hour, remembered 6 hours: the batches of the last 5 hours (the one paid
      // 6 hours ago has just been forgotten).
      operationIds: 50,
      recoveryCodes: 0,
      pushedPhones: expect.any(Number),
      timers: 0,
    });
    expect(steady.pushedPhones).toBeLessThanOrEqual(50);
    expect(paid).toBe(720);
  }, 120_000);

  // spec, abort reasons: "DuplicatedOperation | operationId (string) | an operation (e.g. merchant
  // payment) was previously invoked with that identifier", inside the window the gateway keeps.
  it('aborts a reused operationId with DuplicatedOperation inside its window, and forgets it after', async () => {
    // Given to startSandbox, the retention overrides the configuration's.
    await start({ endedSessions: 1, operationIds: 3, operationIdSeconds: 6 * HOUR }, true);
    const pay = async (operationId: string) => {
      const first = await sandbox.dial(`*384*7*3*${operationId}#`, '08031234567');
      return first.open ? (await sandbox.input(first.sessionId, '1234')).screen : first.screen;
    };
    expect(await pay('11')).toBe('Bye');
    await sandbox.advance(6 * HOUR - 1);
    const aborted = 'Service temporarily unavailable. Please try again later.';
    expect(await pay('11')).toBe(aborted);
    expect(app.received.at(-1)?.body.reason).toEqual({
      type: 'DuplicatedOperation',
      operationId: '11',
    });
    await sandbox.advance(1);
    expect(await pay('11')).toBe('Bye');
    // At most 3 operationIds: the oldest is forgotten when a fourth is used.
    for (const operationId of ['12', '13', '14']) expect(await pay(operationId)).toBe('Bye');
    expect(await pay('12')).toBe(aborted);
    expect(await pay('11')).toBe('Bye');
    expect(await retained()).toMatchObject({ operationIds: 3, endedSessions: 1 });
  });
});
