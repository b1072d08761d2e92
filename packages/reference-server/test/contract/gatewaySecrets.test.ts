/**
 * What a customer types on the gateway's secret questions (the merchant payment's PIN, the
 * identity check's date of birth) never comes back in clear: not in any answer of the sandbox API
 * (the session report's transcript included), not in the sandbox's log. Over HTTP against a
 * freshly started sandbox whose log lines are captured.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withoutUuids } from '../helpers/withoutUuids';
import { show, startTestApp, type TestApp, type Wire } from './gatewayHarness';
import { type SandboxUnderTest, startSandboxUnderTest } from './sandboxHarness';

const PIN = '4821';
/** A date of birth holding the PIN's digits, so one search finds either. */
const DATE_OF_BIRTH = `0${PIN}999`;
const PHONE = '08031234567';
const DEVELOPER = { clientId: 'dev', clientSecret: 'dev-secret' };
const MASK = '••••';

function runProcess(process: object, contextData: string) {
  return { json: { action: { type: 'RunProcess', process }, contextData } };
}

describe('gateway: secret inputs', () => {
  let app: TestApp;
  let sandbox: SandboxUnderTest;
  const logLines: string[] = [];
  /** Every answer body of the sandbox API the test received, as text. */
  const answers: string[] = [];
  let paymentSession = '';
  let identitySession = '';
  let pushedPayment = '';
  let appPush = '';
  const credentials = {
    'x-client-id': DEVELOPER.clientId,
    'x-client-secret': DEVELOPER.clientSecret,
  };

  beforeAll(async () => {
    app = await startTestApp((event, body: Wire) => {
      if (
        event === 'new' &&
        body.input.type === 'Dial' &&
        body.input.shortcodeString === '*384*7#'
      ) {
        const paymentMode = { type: 'FixedAccount', bank: '058', account: '0581234567' };
        const process = {
          type: 'MerchantPaymentProcess',
          operationId: body.sessionId,
          merchantCode: '12345',
          amount: 100,
          paymentMode,
        };
        return runProcess(process, 'paying');
      }
      if (event === 'new') {
        return runProcess(
          { type: 'EmbeddedProcess', processId: 'confirm-identity', params: {} },
          'kyc',
        );
      }
      // After the payment the app answers garbage: the session aborts, and the sandbox logs why.
      if (event === 'continue' && body.result.type === 'MerchantPaymentResult')
        return { text: 'oops' };
      if (event === 'continue') {
        return show({
          type: 'InfoView',
          message: `Verified: ${body.result.resultParams.verified}`,
        });
      }
      return undefined;
    });
    sandbox = await startSandboxUnderTest(
      {
        developers: [DEVELOPER],
        apps: [
          { appId: 'pay-app', clientId: 'dev', appCode: '7', url: app.url },
          { appId: 'kyc-app', clientId: 'dev', appCode: '8', url: app.url },
        ],
      },
      { log: (line) => logLines.push(line) },
    );
    const record = <T>(value: T): T => {
      answers.push(JSON.stringify(value));
      return value;
    };

    // The app's merchant payment: straight to the PIN.
    const asked = record(await sandbox.dial('*384*7#', PHONE));
    paymentSession = asked.sessionId;
    expect(asked).toMatchObject({
      screen: expect.stringMatching(/Enter your PIN:$/),
      open: true,
      secret: true,
    });
    record(await sandbox.input(paymentSession, PIN));

    // The identity check of an embedded process.
    const identity = record(await sandbox.dial('*384*8#', PHONE));
    identitySession = identity.sessionId;
    expect(identity).toMatchObject({ secret: true });
    record(await sandbox.input(identitySession, DATE_OF_BIRTH));

    // A payment the service pushes (POST /merchant/payment): the account, then the PIN.
    const started = await sandbox.call(
      'POST',
      '/merchant/payment',
      {
        operationId: 'op-secret',
        customerMsisdn: PHONE,
        merchantCode: '12345',
        amount: 100,
        bankCode: '058',
      },
      credentials,
    );
    record(started.body);
    pushedPayment = record(await sandbox.phone(PHONE)).pendingPush.sessionId;
    expect(record(await sandbox.input(pushedPayment, '1'))).toMatchObject({ secret: true });
    record(await sandbox.input(pushedPayment, PIN));

    // The app pushes a payment whose first question is the PIN: the phone sees it as secret.
    const pushed = await sandbox.push(DEVELOPER, {
      appId: 'pay-app',
      msisdn: PHONE,
      contextData: '',
    });
    record(pushed.body);
    // The push's `new` goes to the app after the push answered: wait until the phone shows it.
    const shown = await vi.waitFor(async () => {
      const phone = await sandbox.phone(PHONE);
      expect(phone.pendingPush).toBeDefined();
      return record(phone);
    });
    expect(shown.pendingPush).toMatchObject({
      sessionId: pushed.body.sessionId,
      open: true,
      secret: true,
    });
    appPush = pushed.body.sessionId;
    record(await sandbox.input(appPush, PIN));
  });

  afterAll(async () => {
    await sandbox.close();
    await app.close();
  });

  it(`no answer of the sandbox API shows the PIN ${PIN}: the reports and their transcripts write ${MASK}`, async () => {
    const reports = await Promise.all(
      [paymentSession, identitySession, pushedPayment, appPush].map((id) => sandbox.report(id)),
    );
    const reads = [
      ...reports,
      await sandbox.history('dev'),
      await sandbox.callbacks(paymentSession),
      await sandbox.callbacks('op-secret'),
      (await sandbox.call('GET', '/sandbox/callbacks')).body,
      (await sandbox.call('GET', '/sandbox/history')).body,
      (await sandbox.call('GET', '/sandbox/gateway')).body,
      (
        await sandbox.call('GET', '/operation/history', undefined, {
          'x-client-id': DEVELOPER.clientId,
          'x-client-secret': DEVELOPER.clientSecret,
        })
      ).body,
    ];
    // The PIN was typed and used: the bank refused it (any PIN but 1234), the app heard so.
    const [payment, identity, pushed, appPushed] = reports;
    expect(payment.transcript).toContainEqual(
      expect.objectContaining({ from: 'phone', text: MASK }),
    );
    expect(payment.abortReason).toBe('UnexpectedUssdAppResponse');
    expect(JSON.stringify(payment.transcript)).toContain('AuthenticationFailed');
    expect(identity.transcript).toContainEqual(
      expect.objectContaining({ from: 'phone', text: MASK }),
    );
    const sentToApp = identity.transcript.find((line: Wire) =>
      line.text.startsWith('continue kyc-app'),
    );
    expect(sentToApp.text).toMatch(
      /"result":\{"type":"EmbeddedProcessResult","resultParams":\{"verified":"true"\}\}/,
    );
    expect(
      pushed.transcript
        .filter((line: Wire) => line.from === 'phone')
        .map((line: Wire) => line.text),
    ).toEqual(['1', MASK]);
    expect(pushed.transcript).toContainEqual(
      expect.objectContaining({ text: 'screen: Payment failed: wrong PIN. You were not debited.' }),
    );

    expect(appPushed.transcript).toContainEqual(
      expect.objectContaining({ from: 'phone', text: MASK }),
    );
    const everything = [...answers, ...reads.map((read) => JSON.stringify(read))].join('\n');
    expect(withoutUuids(everything)).not.toContain(PIN);
  });

  it(`the sandbox's log does not show the PIN ${PIN}`, () => {
    expect(logLines).toEqual([
      expect.stringMatching(
        /^\[sandbox\] session .* of app pay-app aborted \(UnexpectedUssdAppResponse\)/,
      ),
    ]);
    expect(withoutUuids(logLines.join('\n'))).not.toContain(PIN);
  });
});
