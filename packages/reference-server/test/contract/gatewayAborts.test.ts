import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  command,
  type FakeWorld,
  fakeWorld,
  type GatewayServer,
  type Reply,
  show,
  startGatewayServer,
  startTestApp,
  type TestApp,
  unreachableUrl,
} from './gatewayHarness';

const ABORTED = 'Service temporarily unavailable. Please try again later.';

describe('gateway: every abort reason', () => {
  let world: FakeWorld;
  let app: TestApp;
  let server: GatewayServer;

  beforeEach(async () => {
    world = fakeWorld();
    world.addDeveloper('dev-1');
    app = await startTestApp(() => show({ type: 'InputView', message: 'Hi' }, 'ctx-0'));
    world.addApp({
      appId: 'app-1',
      clientId: 'dev-1',
      appCode: '12',
      url: app.url,
      answerTimeoutMs: 300,
    });
    server = await startGatewayServer(world.deps);
  });

  afterEach(async () => {
    await server.close();
    await app.close();
    expect(app.violations).toEqual([]);
  });

  /** Dials, answers once, and returns the abort request the app received. */
  async function abortAfterInput(reply: Reply) {
    app.handler = (event) =>
      event === 'new'
        ? show({ type: 'InputView', message: 'Hi' }, 'ctx-0')
        : event === 'continue'
          ? reply
          : undefined;
    const first = await server.dial('*384*12#');
    const answer = await server.input(first.sessionId, 'go');
    expect(answer).toEqual({ sessionId: first.sessionId, screen: ABORTED, open: false });
    const abort = app.received.find((entry) => entry.event === 'abort');
    return { sessionId: first.sessionId, abort };
  }

  // spec, Errors 8: "An application response that is malformed or unexpected leads to an abort
  // with UnexpectedUssdAppResponse."; States: "open | service cannot continue | reasons listed
  // under abort | aborted | abort request with the reason"; Abort: "common fields plus reason and
  // contextData"
  it.each([
    [
      'a non-2xx answer',
      { status: 500, json: { error: 'boom' } },
      'answered 500 to /ussdSessionEvent/continue: the app failed while handling the event',
    ],
    [
      'a non-JSON answer',
      { text: 'hello' },
      'answered /ussdSessionEvent/continue with a body that is not JSON (it starts "hello")',
    ],
    [
      'a schema-invalid answer',
      { json: { action: { type: 'ShowView', view: { type: 'Nope' } } } },
      'an invalid session command: action.view.type is "Nope", expected one of "InputView"',
    ],
    [
      'a chooser without items',
      {
        json: {
          action: { type: 'ShowView', view: { type: 'ChooserView', title: 't', items: [] } },
        },
      },
      'an invalid session command: action.view.items: a chooser needs at least one item.',
    ],
  ])(
    '%s aborts with UnexpectedUssdAppResponse and the last contextData',
    async (_name, reply, why) => {
      const { sessionId, abort } = await abortAfterInput(reply);
      expect(abort?.body).toEqual({
        clientId: 'dev-1',
        appId: 'app-1',
        sessionId,
        reason: { type: 'UnexpectedUssdAppResponse' },
        contextData: 'ctx-0',
      });
      const report = await server.report(sessionId);
      expect(report).toMatchObject({ open: false, abortReason: 'UnexpectedUssdAppResponse' });
      expect(report.abortMessage).toContain(`The app at ${app.url}`);
      expect(report.abortMessage).toContain(why);
      expect(report.transcript).toContainEqual(
        expect.objectContaining({
          from: 'gateway',
          text: `UnexpectedUssdAppResponse: ${report.abortMessage}`,
        }),
      );
      expect(world.charges).toHaveLength(1);
    },
  );

  // spec, Errors 8: "An unreachable or too slow application leads to an abort with
  // InternalError." (the deadline, 5 s by default, is decision 0007's: the spec does not show one)
  it('an app that does not answer within its deadline aborts with InternalError', async () => {
    const { sessionId, abort } = await abortAfterInput('hang');
    expect(abort?.body.reason).toEqual({ type: 'InternalError' });
    const report = await server.report(sessionId);
    expect(report.abortReason).toBe('InternalError');
    expect(report.abortMessage).toBe(
      `The app at ${app.url}/ussdSessionEvent/continue did not answer within 300 ms (the app's answerTimeoutMs); make it answer sooner, or raise the limit with PATCH /sandbox/apps/app-1 {"answerTimeoutMs": ...}.`,
    );
    expect(report.transcript).toContainEqual(
      expect.objectContaining({ text: `InternalError: ${report.abortMessage}` }),
    );
  });

  // spec, Errors 8: "An unreachable or too slow application leads to an abort with
  // InternalError."
  it('an unreachable app aborts with InternalError', async () => {
    const url = await unreachableUrl();
    world.addApp({ appId: 'app-2', clientId: 'dev-1', appCode: '13', url });
    const answer = await server.dial('*384*13#');
    expect(answer.open).toBe(false);
    expect(answer.screen).toBe(ABORTED);
    const report = await server.report(answer.sessionId);
    expect(report.abortReason).toBe('InternalError');
    expect(report.abortMessage).toBe(
      `Could not reach the app at ${url}/ussdSessionEvent/new: connection refused. Is it running? (app app-2, change its URL with PATCH /sandbox/apps/app-2 {"url": ...})`,
    );
  });

  // spec, abort reasons: "MissingPrivilege | privilege (string) | required privileges to run a
  // USSD operation are missing"
  it('an embedded process without the privilege aborts with MissingPrivilege', async () => {
    world.addDeveloper('dev-1', { permissions: ['PUSH'] });
    const { abort } = await abortAfterInput(
      command({
        type: 'RunProcess',
        process: { type: 'EmbeddedProcess', processId: 'confirm-identity', params: {} },
      }),
    );
    expect(abort?.body.reason).toEqual({ type: 'MissingPrivilege', privilege: 'EMBEDDED_PROCESS' });
    expect((await server.report(abort?.body.sessionId)).abortMessage).toBe(
      'App app-1 ran an embedded process, which needs the EMBEDDED_PROCESS permission, and developer dev-1 does not have it; grant it with PATCH /sandbox/developers/dev-1 {"permissions": [..., "EMBEDDED_PROCESS"]}.',
    );
  });

  // spec, abort reasons: "InsufficientBalanceInVirtualPurse | none | developer's balance too low"
  it('an embedded process the virtual purse cannot pay aborts with InsufficientBalanceInVirtualPurse', async () => {
    world.addDeveloper('dev-1', { virtualPurse: 4 });
    const { abort } = await abortAfterInput(
      command({
        type: 'RunProcess',
        process: { type: 'EmbeddedProcess', processId: 'confirm-identity', params: {} },
      }),
    );
    expect(abort?.body.reason).toEqual({ type: 'InsufficientBalanceInVirtualPurse' });
    expect(world.developers.get('dev-1')?.virtualPurse).toBe(4);
    expect((await server.report(abort?.body.sessionId)).abortMessage).toBe(
      'An embedded process costs 5 from the virtual purse, and developer dev-1 has 4; top it up with PATCH /sandbox/developers/dev-1 {"virtualPurse": ...}.',
    );
  });

  // spec, abort reasons: "DuplicatedOperation | operationId (string) | an operation (e.g.
  // merchant payment) was previously invoked with that identifier" (its window:
  // gatewayRetention.test.ts)
  it('a reused merchant payment operationId aborts with DuplicatedOperation', async () => {
    const pay = command({
      type: 'RunProcess',
      process: {
        type: 'MerchantPaymentProcess',
        operationId: 'op-dup',
        merchantCode: '12345',
        amount: 100,
        paymentMode: { type: 'FixedAccount', bank: '058', account: '0581234567' },
      },
    });
    app.handler = (event) => (event === 'new' ? pay : undefined);
    const first = await server.dial('*384*12#');
    expect(first.screen).toContain('Enter your PIN');
    await server.post(`/sandbox/sessions/${first.sessionId}/cancel`);
    const second = await server.dial('*384*12#');
    expect(second).toEqual({ sessionId: second.sessionId, screen: ABORTED, open: false });
    const abort = app.received.find((entry) => entry.event === 'abort');
    expect(abort?.body).toMatchObject({
      sessionId: second.sessionId,
      reason: { type: 'DuplicatedOperation', operationId: 'op-dup' },
    });
    expect((await server.report(second.sessionId)).abortMessage).toBe(
      'App app-1 started a merchant payment with operationId op-dup, which developer dev-1 already used in this sandbox (acquires, merchant payments and processes share one set of operationIds); give every operation a new operationId.',
    );
  });

  it('a ReturnFromRedirect in a session that was not redirected aborts with UnexpectedUssdAppResponse', async () => {
    const { abort } = await abortAfterInput(
      command({ type: 'ReturnFromRedirect', resultParams: {} }),
    );
    expect(abort?.body.reason).toEqual({ type: 'UnexpectedUssdAppResponse' });
    expect((await server.report(abort?.body.sessionId)).abortMessage).toBe(
      'App app-1 answered ReturnFromRedirect, but no app redirected the session to it; only an app reached through a Redirect may return.',
    );
  });

  it('gateway.close() aborts an in-flight app call and cancels the session timers', async () => {
    world.addApp({
      appId: 'slow',
      clientId: 'dev-1',
      appCode: '14',
      url: app.url,
      answerTimeoutMs: 60_000,
    });
    app.handler = (event) => (event === 'new' ? 'hang' : undefined);
    const pending = server.dial('*384*14#');
    await vi.waitFor(() => expect(app.events()).toEqual(['new']));
    server.gateway.close();
    const answer = await pending;
    expect(answer.open).toBe(false);
    const report = await server.report(answer.sessionId);
    expect(report.abortReason).toBe('InternalError');
    expect(report.transcript.at(-1).text).toBe('abort not delivered: the gateway is closing');
    await world.clock.advance(600);
    expect(app.events()).toEqual(['new']);
  });
});
