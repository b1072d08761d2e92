import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFee, sessionTicks } from '../../src/gateway';
import {
  type FakeWorld,
  fakeWorld,
  type GatewayServer,
  show,
  startGatewayServer,
  startTestApp,
  type TestApp,
} from './gatewayHarness';

describe('gateway: billing ceil(seconds / 20) * feePerTick', () => {
  let world: FakeWorld;
  let app: TestApp;
  let server: GatewayServer;

  beforeAll(async () => {
    world = fakeWorld();
    world.addDeveloper('dev-1', { feePerTick: 2.5 });
    app = await startTestApp(() => show({ type: 'InputView', message: 'Hi' }));
    world.addApp({ appId: 'app-1', clientId: 'dev-1', appCode: '12', url: app.url });
    server = await startGatewayServer(world.deps);
  });

  afterAll(async () => {
    await server.close();
    await app.close();
    expect(app.violations).toEqual([]);
  });

  // spec, Limits 3: "a session is divided into 20-second ticks and every started 20 seconds counts
  // as a tick. The total fee is ceil(session length in seconds / 20) * fee per tick. The fee per
  // tick is configured per developer."
  it.each([
    [1, 1, 2.5],
    [20, 1, 2.5],
    [21, 2, 5],
    [119, 6, 15],
  ])('a session of %i s is %i ticks and costs %d', async (seconds, ticks, fee) => {
    const first = await server.dial('*384*12#');
    await world.clock.advance(seconds);
    await server.post(`/sandbox/sessions/${first.sessionId}/cancel`);
    expect(await server.report(first.sessionId)).toMatchObject({
      ticks,
      fee,
      chargedClientId: 'dev-1',
    });
    expect(world.charges.at(-1)).toEqual({
      sessionId: first.sessionId,
      clientId: 'dev-1',
      appId: 'app-1',
      msisdn: '08031234567',
      startedAt: expect.any(Number),
      endedAt: expect.any(Number),
      ticks,
      fee,
      sessionTag: undefined,
    });
    const charge = world.charges.at(-1);
    expect((charge?.endedAt ?? 0) - (charge?.startedAt ?? 0)).toBe(seconds * 1000);
  });

  // spec, Limits 1 and 3: a session forced to close after 2 minutes is 6 ticks
  it('a timed-out session is billed 120 s: 6 ticks', async () => {
    const first = await server.dial('*384*12#');
    await world.clock.advance(200);
    expect(await server.report(first.sessionId)).toMatchObject({
      closeReason: 'Timeout',
      ticks: 6,
      fee: 15,
    });
  });

  it('an open session shows its ticks so far', async () => {
    const first = await server.dial('*384*12#');
    await world.clock.advance(45);
    expect(await server.report(first.sessionId)).toMatchObject({ open: true, ticks: 3, fee: 7.5 });
    await server.post(`/sandbox/sessions/${first.sessionId}/cancel`);
  });

  it('counts a session of zero seconds as one started tick', () => {
    expect(sessionTicks(0)).toBe(1);
    expect(sessionTicks(40_001)).toBe(3);
    expect(sessionFee(3, 0.1)).toBe(0.3);
  });
});
