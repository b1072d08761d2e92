/**
 * The requests the gateway sends to apps, and what it makes of their answers to close and abort,
 * over HTTP against a freshly started sandbox. The test apps check every request against the
 * upstream document and record any other path, method or content type as a violation.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { command, show, startTestApp, type TestApp, type Wire } from './gatewayHarness';
import { type SandboxUnderTest, startSandboxUnderTest } from './sandboxHarness';

const PHONE = '08031234567';

describe('gateway: requests to apps', () => {
  let caller: TestApp;
  let destination: TestApp;
  let sandbox: SandboxUnderTest;

  beforeAll(async () => {
    caller = await startTestApp((event, body: Wire) => {
      if (event === 'new') return show({ type: 'InputView', message: 'Go?' }, 'c1');
      if (event === 'continue' && body.result.type === 'InputResult') {
        return command({ type: 'Redirect', destinationAppId: 'dest' }, 'c2');
      }
      if (event === 'continue') return show({ type: 'InputView', message: 'Back' }, 'c3');
      return undefined;
    });
    destination = await startTestApp((event) =>
      event === 'new'
        ? show({ type: 'InputView', message: 'Here' }, 'd1')
        : event === 'continue'
          ? command({ type: 'ReturnFromRedirect', resultParams: { ok: 'yes' } }, 'd2')
          : undefined,
    );
    sandbox = await startSandboxUnderTest({
      developers: [
        { clientId: 'caller-dev', clientSecret: 'c-secret' },
        { clientId: 'dest-dev', clientSecret: 'd-secret' },
      ],
      apps: [
        // A registered address with a trailing slash: the paths are still appended once.
        { appId: 'caller', clientId: 'caller-dev', appCode: '12', url: `${caller.url}/` },
        { appId: 'dest', clientId: 'dest-dev', appCode: '40', url: destination.url },
      ],
    });
  });

  beforeEach(() => {
    caller.received.length = 0;
    destination.received.length = 0;
  });

  afterAll(async () => {
    await sandbox.close();
    await caller.close();
    await destination.close();
    expect(caller.violations).toEqual([]);
    expect(destination.violations).toEqual([]);
  });

  // spec, USSD request bodies: "Common fields of every request: clientId (string), appId
  // (string), sessionId (string; unchanged from session start to end)."; Endpoints implemented by
  // the application: "The service calls `POST` on each path below, appended to the application's
  // registered base address ({app_url})."
  it('every request of a session, to either app, carries that app’s ids and the one sessionId', async () => {
    const first = await sandbox.dial('*384*12#', PHONE);
    await sandbox.input(first.sessionId, 'go');
    await sandbox.input(first.sessionId, 'done');
    await sandbox.cancel(first.sessionId);
    const ids = (app: TestApp) =>
      app.received.map(({ event, body }) => [event, body.clientId, body.appId, body.sessionId]);
    expect(ids(caller)).toEqual([
      ['new', 'caller-dev', 'caller', first.sessionId],
      ['continue', 'caller-dev', 'caller', first.sessionId],
      ['continue', 'caller-dev', 'caller', first.sessionId],
      ['close', 'caller-dev', 'caller', first.sessionId],
    ]);
    expect(ids(destination)).toEqual([
      ['new', 'dest-dev', 'dest', first.sessionId],
      ['continue', 'dest-dev', 'dest', first.sessionId],
      ['close', 'dest-dev', 'dest', first.sessionId],
    ]);
    // Each app's own last contextData goes into its close.
    expect(caller.received.at(-1)?.body.contextData).toBe('c3');
    expect(destination.received.at(-1)?.body.contextData).toBe('d2');
  });

  // spec, States: "Responses to close and abort requests: HTTP 204, no body."
  it('takes a 204 without a body as the answer to close and abort', async () => {
    const closed = await sandbox.dial('*384*12#', PHONE);
    await sandbox.cancel(closed.sessionId);
    const report = await sandbox.report(closed.sessionId);
    expect(report.transcript.at(-1)).toEqual({
      at: expect.any(Number),
      from: 'app',
      text: 'HTTP 204',
    });
    const answer = caller.handler;
    caller.handler = (event, body) =>
      event === 'continue' ? { text: 'not a command' } : answer(event, body);
    try {
      const aborted = await sandbox.dial('*384*12#', PHONE);
      await sandbox.input(aborted.sessionId, 'go');
      const abortReport = await sandbox.report(aborted.sessionId);
      expect(abortReport.abortReason).toBe('UnexpectedUssdAppResponse');
      expect(abortReport.transcript.at(-1)).toMatchObject({ from: 'app', text: 'HTTP 204' });
    } finally {
      caller.handler = answer;
    }
  });

  // The spec expects 204; the gateway does not judge the answer to close or abort (the session is
  // over either way): another status is written to the transcript and changes nothing.
  it('writes any other answer to close to the transcript, and the session stays closed as it was', async () => {
    const answer = caller.handler;
    caller.handler = (event, body) => (event === 'close' ? { status: 500 } : answer(event, body));
    try {
      const first = await sandbox.dial('*384*12#', PHONE);
      await sandbox.cancel(first.sessionId);
      const report = await sandbox.report(first.sessionId);
      expect(report).toMatchObject({ open: false, closeReason: 'Abandon' });
      expect(report.transcript.at(-1)).toMatchObject({ from: 'app', text: 'HTTP 500' });
    } finally {
      caller.handler = answer;
    }
  });
});
