import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeWorld,
  fakeWorld,
  type GatewayServer,
  type Reply,
  show,
  startGatewayServer,
  startTestApp,
  type TestApp,
} from './gatewayHarness';

// spec, States: "open | application responds with InfoView | | closed | message is delivered,
// then close with reason End". The phone has the last screen before the app hears `close`, so
// the app's close handler, slow, hanging or failing, never holds the customer's last screen.

describe('gateway: an InfoView reaches the phone before close is sent', () => {
  let world: FakeWorld;
  let app: TestApp;
  let server: GatewayServer;
  /** What the app answers `close` with. */
  let onClose: Reply;

  beforeEach(async () => {
    world = fakeWorld();
    world.addDeveloper('dev-1');
    app = await startTestApp((event) =>
      event === 'new'
        ? show({ type: 'InfoView', message: 'Thank you' }, 'ctx-1')
        : event === 'close'
          ? onClose
          : undefined,
    );
    // A deadline far past the test's own timeout: a phone that waited for close would time out.
    world.addApp({
      appId: 'app-1',
      clientId: 'dev-1',
      appCode: '12',
      url: app.url,
      answerTimeoutMs: 60_000,
    });
    server = await startGatewayServer(world.deps);
  });

  afterEach(async () => {
    await server.close();
    await app.close();
    expect(app.violations).toEqual([]);
  });

  it('while the close handler hangs, the phone already shows the message and the session is closed', async () => {
    onClose = 'hang';
    const answer = await server.dial('*384*12#');
    expect(answer).toEqual({ sessionId: answer.sessionId, screen: 'Thank you', open: false });
    expect(await server.report(answer.sessionId)).toMatchObject({
      open: false,
      closeReason: 'End',
    });
    await vi.waitFor(() => expect(app.events()).toEqual(['new', 'close']));
    expect(app.received[1]?.body).toMatchObject({ reason: { type: 'End' }, contextData: 'ctx-1' });
  });

  it('a failing close handler changes nothing the phone sees; the failure is in the transcript', async () => {
    onClose = { status: 500 };
    const answer = await server.dial('*384*12#');
    expect(answer).toEqual({ sessionId: answer.sessionId, screen: 'Thank you', open: false });
    await vi.waitFor(async () => {
      const { transcript } = await server.report(answer.sessionId);
      expect(transcript.at(-1)).toMatchObject({ from: 'app', text: 'HTTP 500' });
    });
  });
});
