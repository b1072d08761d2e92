import { connect } from 'node:net';
import { startTestRedis, type TestRedis } from '@ussdkit/testing/redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBank, startFakeBank } from './support/fakeBank';
import { type ServerProcess, startServer } from './support/serverProcess';

const token = 'a-token-of-the-gateway-0123';
let bank: FakeBank;
let redis: TestRedis;
const started: ServerProcess[] = [];

beforeAll(async () => {
  bank = await startFakeBank();
  redis = await startTestRedis();
});
afterAll(async () => {
  await bank.close();
  await redis.stop();
});
afterEach(() => {
  for (const server of started.splice(0)) server.child.kill('SIGKILL');
});

async function run(entry: 'express' | 'hono', env: Record<string, string> = {}) {
  const server = startServer(entry, {
    PORT: '0',
    HOST: '127.0.0.1',
    USSD_APP_TOKEN: token,
    BANK_URL: bank.url,
    ...env,
  });
  started.push(server);
  const { port } = await server.logged('listening');
  return { server, base: `http://127.0.0.1:${port}`, port: Number(port) };
}

/** Sends one of the gateway's events, as the gateway does. */
async function event(base: string, name: 'new' | 'continue', body: object) {
  const response = await fetch(`${base}/ussd/ussdSessionEvent/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { action: unknown } };
}

const ids = { clientId: 'client-1', appId: 'app-1' };
const dial = (sessionId: string) => ({
  ...ids,
  sessionId,
  msisdn: '+2348030000000',
  operator: 'mtn',
  input: { type: 'Dial', shortcodeString: '*384*1#' },
});
const type = (sessionId: string, value: string) => ({
  ...ids,
  sessionId,
  result: { type: 'InputResult', value },
  contextData: '',
});

/** Whether a new TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

const balanceShown = {
  type: 'ShowView',
  view: expect.objectContaining({ type: 'InfoView', message: 'Your balance is NGN 500' }),
};

describe.each(['express', 'hono'] as const)('the %s server', (entry) => {
  it('answers its health and readiness probes, and JSON 404s', async () => {
    const { base } = await run(entry);
    const health = await fetch(`${base}/healthz`);
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await fetch(`${base}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
    const missing = await fetch(`${base}/nowhere`);
    expect([missing.status, await missing.json()]).toEqual([
      404,
      { code: 'NOT_FOUND', message: 'No such route' },
    ]);
  });

  it('is not ready while its Redis does not answer', async () => {
    // A port nothing listens on: ioredis keeps trying, PING fails.
    const { base } = await run(entry, { REDIS_URL: 'redis://127.0.0.1:1' });
    const ready = await fetch(`${base}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([503, { status: 'store unavailable' }]);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it.each([
    ['memory', false],
    ['Redis', true],
  ])(
    'with the %s store, on SIGTERM answers the event in flight, refuses new connections, exits 0',
    async (_store, useRedis) => {
      const { server, base, port } = await run(entry, useRedis ? { REDIS_URL: redis.url } : {});
      const ready = await fetch(`${base}/readyz`);
      expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
      expect((await event(base, 'new', dial(`${entry}-drain`))).status).toBe(200);
      bank.hold();
      const arrived = bank.nextRequest();
      const inFlight = event(base, 'continue', type(`${entry}-drain`, '1'));
      await arrived;
      server.child.kill('SIGTERM');
      await server.logged('draining');
      expect(await refused(port)).toBe(true);
      bank.release();
      await expect(inFlight).resolves.toEqual({
        status: 200,
        body: expect.objectContaining({ action: balanceShown }),
      });
      expect(await server.exited).toBe(0);
      expect(await server.logged('stopped')).toMatchObject({ drained: true });
    },
  );

  it('refuses to start on a bad environment, naming each variable and never its value', async () => {
    const server = startServer(entry, { PORT: '70000', USSD_APP_TOKEN: 'short-secret' });
    started.push(server);
    expect(await server.exited).toBe(1);
    const problems = server.stderr();
    expect(problems).toContain('PORT: a port number, 0 to 65535');
    expect(problems).toContain('USSD_APP_TOKEN: at least 16 characters');
    expect(problems).toContain('BANK_URL: required');
    expect(problems).not.toContain('short-secret');
  });
});
