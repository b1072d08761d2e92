import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  command,
  type FakeWorld,
  fakeWorld,
  type GatewayServer,
  show,
  startGatewayServer,
  startTestApp,
  type TestApp,
} from './gatewayHarness';

describe('gateway: redirects', () => {
  let world: FakeWorld;
  let caller: TestApp;
  let destination: TestApp;
  let server: GatewayServer;

  beforeEach(async () => {
    world = fakeWorld();
    world.addDeveloper('caller-dev', { feePerTick: 3 });
    world.addDeveloper('dest-dev', { feePerTick: 7 });
    caller = await startTestApp((event, body) => {
      if (event === 'new') return show({ type: 'InputView', message: 'Go?' }, 'caller-ctx');
      if (event === 'continue' && body.result.type === 'InputResult') {
        return command(
          {
            type: 'Redirect',
            destinationAppId: 'dest',
            process: { id: 'kyc', params: { level: '2' } },
          },
          'caller-redirected',
        );
      }
      if (event === 'continue') {
        return show(
          { type: 'InputView', message: `Back with ${body.result.resultParams.ok}` },
          'caller-back',
        );
      }
      return undefined;
    });
    destination = await startTestApp((event, body) => {
      if (event === 'new')
        return show({ type: 'InputView', message: 'Destination here' }, 'dest-ctx');
      if (event === 'continue')
        return command(
          { type: 'ReturnFromRedirect', resultParams: { ok: body.result.value } },
          'dest-done',
        );
      return undefined;
    });
    world.addApp({ appId: 'caller', clientId: 'caller-dev', appCode: '12', url: caller.url });
    world.addApp({
      appId: 'dest',
      clientId: 'dest-dev',
      appCode: '40',
      url: destination.url,
      authToken: 'dest-secret',
    });
    server = await startGatewayServer(world.deps);
  });

  afterEach(async () => {
    await server.close();
    await caller.close();
    await destination.close();
    expect(caller.violations).toEqual([]);
    expect(destination.violations).toEqual([]);
  });

  // spec, States: "(none) | another application returns a Redirect action | | open | POST new
  // with input Redirect"; "When a session that crossed applications is closed, both applications
  // are notified."; Limits 4: "Redirected sessions: only the caller of the redirection is charged,
  // for the whole session from start to end. The receiving application is not charged.";
  // Versioning 2: "The field `processId` in the Redirect input is deprecated in favour of
  // `process.id`" (both are sent)
  it('starts the destination with a Redirect input and returns to the caller; both apps get close; only the caller pays', async () => {
    const first = await server.dial('*384*12#');
    const inDestination = await server.input(first.sessionId, 'yes');
    expect(inDestination.screen).toBe('Destination here');
    expect(destination.received[0]).toEqual({
      event: 'new',
      authorization: 'dest-secret',
      body: {
        clientId: 'dest-dev',
        appId: 'dest',
        sessionId: first.sessionId,
        msisdn: '08031234567',
        operator: 'mtn',
        input: {
          type: 'Redirect',
          process: { id: 'kyc', params: { level: '2' } },
          processId: 'kyc',
        },
      },
    });
    await world.clock.advance(30);
    const back = await server.input(first.sessionId, 'fine');
    expect(back).toEqual({ sessionId: first.sessionId, screen: 'Back with fine', open: true });
    expect(caller.received[2]?.body).toEqual({
      clientId: 'caller-dev',
      appId: 'caller',
      sessionId: first.sessionId,
      result: { type: 'ReturnFromRedirectResult', resultParams: { ok: 'fine' } },
      contextData: 'caller-redirected',
    });
    await server.post(`/sandbox/sessions/${first.sessionId}/cancel`);
    expect(caller.received.at(-1)).toMatchObject({
      event: 'close',
      body: { appId: 'caller', reason: { type: 'Abandon' }, contextData: 'caller-back' },
    });
    expect(destination.received.at(-1)).toMatchObject({
      event: 'close',
      body: {
        clientId: 'dest-dev',
        appId: 'dest',
        reason: { type: 'Abandon' },
        contextData: 'dest-done',
      },
    });
    expect(world.charges).toEqual([
      expect.objectContaining({
        sessionId: first.sessionId,
        clientId: 'caller-dev',
        appId: 'caller',
        ticks: 2,
        fee: 6,
      }),
    ]);
    expect(await server.report(first.sessionId)).toMatchObject({
      chargedClientId: 'caller-dev',
      ticks: 2,
      fee: 6,
    });
  });

  // spec: "When a session that crossed applications is closed, both applications are notified."
  it('closes both apps when the destination ends the session with an InfoView', async () => {
    destination.handler = (event) =>
      event === 'new' ? show({ type: 'InfoView', message: 'Bye from dest' }, 'd') : undefined;
    const first = await server.dial('*384*12#');
    const end = await server.input(first.sessionId, 'yes');
    expect(end).toEqual({ sessionId: first.sessionId, screen: 'Bye from dest', open: false });
    await vi.waitFor(() => {
      expect(caller.received.at(-1)).toMatchObject({
        event: 'close',
        body: { reason: { type: 'End' }, contextData: 'caller-redirected' },
      });
      expect(destination.received.at(-1)).toMatchObject({
        event: 'close',
        body: { reason: { type: 'End' }, contextData: 'd' },
      });
    });
    expect(world.charges.map((charge) => charge.clientId)).toEqual(['caller-dev']);
  });

  it('sends a Redirect input without process when the action has none', async () => {
    caller.handler = (event) =>
      event === 'new' ? command({ type: 'Redirect', destinationAppId: 'dest' }) : undefined;
    await server.dial('*384*12#');
    expect(destination.received[0]?.body.input).toEqual({ type: 'Redirect' });
  });

  it('aborts the caller with InternalError for an unknown destination app', async () => {
    caller.handler = (event) =>
      event === 'new'
        ? command({ type: 'Redirect', destinationAppId: 'nowhere' }, 'c1')
        : undefined;
    const first = await server.dial('*384*12#');
    expect(first.open).toBe(false);
    expect(caller.received.at(-1)).toMatchObject({
      event: 'abort',
      body: { reason: { type: 'InternalError' }, contextData: 'c1' },
    });
    expect(destination.received).toEqual([]);
    expect((await server.report(first.sessionId)).abortMessage).toBe(
      'App caller redirected to app "nowhere", which the sandbox does not have; register it with POST /sandbox/apps, or fix the Redirect\'s destinationAppId.',
    );
  });

  // spec: "When a session that crossed applications is closed, both applications are notified."
  // (an abort too)
  it('aborts both apps when the destination answers badly', async () => {
    destination.handler = (event) => (event === 'new' ? { status: 502 } : undefined);
    const first = await server.dial('*384*12#');
    await server.input(first.sessionId, 'yes');
    expect(caller.received.at(-1)).toMatchObject({
      event: 'abort',
      body: { reason: { type: 'UnexpectedUssdAppResponse' } },
    });
    expect(destination.received.at(-1)).toMatchObject({
      event: 'abort',
      body: { reason: { type: 'UnexpectedUssdAppResponse' } },
    });
  });

  // Upstream 1.6.4 LegacyAppRedirect {uri}: the sandbox has no legacy apps to hand the session to,
  // so it aborts with a sentence that says so (docs/gateway.md, "Redirects").
  it('aborts a LegacyAppRedirect with InternalError and a sentence that names the URI', async () => {
    caller.handler = (event) =>
      event === 'new'
        ? command({ type: 'LegacyAppRedirect', uri: 'http://legacy.example/ussd' }, 'legacy')
        : undefined;
    const first = await server.dial('*384*12#');
    expect(first).toEqual({
      sessionId: first.sessionId,
      screen: 'Service temporarily unavailable. Please try again later.',
      open: false,
    });
    expect(caller.received.at(-1)).toMatchObject({
      event: 'abort',
      body: { reason: { type: 'InternalError' }, contextData: 'legacy' },
    });
    expect(destination.received).toEqual([]);
    expect(await server.report(first.sessionId)).toMatchObject({
      abortReason: 'InternalError',
      abortMessage:
        'App caller answered LegacyAppRedirect to http://legacy.example/ussd, which the sandbox cannot follow: it has no legacy USSD apps, and their protocol is not published; test that hand-over against the real service, or Redirect to an app of the sandbox (POST /sandbox/apps).',
    });
  });
});
