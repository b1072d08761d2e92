import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { embeddedProcessCatalogue } from '../../src/gateway';
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

describe('gateway: embedded processes', () => {
  let world: FakeWorld;
  let app: TestApp;
  let server: GatewayServer;
  let process: { processId: string; params: Record<string, string> };

  beforeEach(async () => {
    world = fakeWorld();
    world.addDeveloper('dev-1', { virtualPurse: 10 });
    process = { processId: 'confirm-identity', params: { dateOfBirth: '01021990' } };
    app = await startTestApp((event, body) => {
      if (event === 'new')
        return command(
          { type: 'RunProcess', process: { type: 'EmbeddedProcess', ...process } },
          'before',
        );
      if (event === 'continue')
        return show({ type: 'InfoView', message: JSON.stringify(body.result.resultParams) });
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

  // spec: "An embedded process hands the session to an application managed by the service and
  // returns to the calling application in the same session. It needs required privileges and a
  // configured fee rule for the developer. The customer may be asked for credentials.";
  // continue: "EmbeddedProcessResult | resultParams (object, all values JSON strings)"
  it('confirm-identity asks the date of birth and returns resultParams, debiting the purse', async () => {
    const first = await server.dial('*384*12#');
    expect(first.screen).toBe('Confirm your identity\nEnter your date of birth (DDMMYYYY):');
    // The date of birth is a credential: asked as a secret, and only the verdict goes to the app.
    expect(first.secret).toBe(true);
    expect(world.developers.get('dev-1')?.virtualPurse).toBe(5);
    const done = await server.input(first.sessionId, '01021990');
    expect(done.open).toBe(false);
    expect(app.received[1]?.body).toEqual({
      clientId: 'dev-1',
      appId: 'app-1',
      sessionId: first.sessionId,
      result: {
        type: 'EmbeddedProcessResult',
        resultParams: { verified: 'true' },
      },
      contextData: 'before',
    });
  });

  it('confirm-identity answers verified "false" for a wrong date', async () => {
    const first = await server.dial('*384*12#');
    await server.input(first.sessionId, '31121999');
    expect(app.received[1]?.body.result.resultParams).toEqual({ verified: 'false' });
  });

  it('accept-terms is a menu that re-asks on an invalid choice', async () => {
    process = { processId: 'accept-terms', params: {} };
    const first = await server.dial('*384*12#');
    expect(first.screen).toBe('Accept the terms of service?\n1. Accept\n2. Decline');
    expect((await server.input(first.sessionId, '3')).screen).toBe(
      'Invalid choice. Try again.\nAccept the terms of service?\n1. Accept\n2. Decline',
    );
    await server.input(first.sessionId, '2');
    expect(app.received[1]?.body.result.resultParams).toEqual({ accepted: 'false' });
  });

  // spec, Authentication 4: "Recovery tokens and embedded processes need permissions or
  // privileges granted to the developer by the service's administrator."
  it('without the EMBEDDED_PROCESS privilege the session aborts with MissingPrivilege', async () => {
    world.addDeveloper('dev-1', { permissions: ['ACQUIRE', 'PUSH'] });
    const first = await server.dial('*384*12#');
    expect(first.open).toBe(false);
    expect(app.received[1]).toMatchObject({
      event: 'abort',
      body: {
        reason: { type: 'MissingPrivilege', privilege: 'EMBEDDED_PROCESS' },
        contextData: 'before',
      },
    });
  });

  it('an unknown process id aborts with InternalError', async () => {
    process = { processId: 'no-such-process', params: {} };
    const first = await server.dial('*384*12#');
    const report = await server.report(first.sessionId);
    expect(report.abortReason).toBe('InternalError');
    expect(report.abortMessage).toBe(
      'The app ran embedded process "no-such-process", which the sandbox does not have; use one of confirm-identity, accept-terms.',
    );
    expect(world.developers.get('dev-1')?.virtualPurse).toBe(10);
  });

  it('lists its catalogue', () => {
    expect(Object.keys(embeddedProcessCatalogue)).toEqual(['confirm-identity', 'accept-terms']);
  });
});
