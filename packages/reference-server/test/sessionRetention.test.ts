import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, DEMO, demoConfig, type Sandbox, sandboxConfigSchema } from '../src/index';
import { show, startTestApp, type TestApp } from './contract/gatewayHarness';

/**
 * Ended sessions stay readable through the sandbox API for the configured retention (here the
 * latest 2, each for 600 s of sandbox time); the billing history keeps every session.
 */
let app: TestApp;
let sandbox: Sandbox;

async function call(method: string, path: string, body?: unknown) {
  const response = await sandbox.fetch(
    new Request(`http://sandbox${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary answer fields
  return { status: response.status, body: (await response.json()) as any };
}

/** Dials the demo app; the message picks the answer: `info` ends the session at once. */
async function dial(msisdn: string): Promise<string> {
  const answer = await call('POST', '/sandbox/sessions', { msisdn, dial: `*384*${DEMO.appCode}#` });
  expect(answer.status).toBe(200);
  return answer.body.sessionId as string;
}

const reportStatus = async (sessionId: string) =>
  (await call('GET', `/sandbox/sessions/${sessionId}`)).status;

const billedIds = async () =>
  ((await call('GET', '/sandbox/history')).body as { type: string; sessionId: string }[])
    .filter((entry) => entry.type === 'session')
    .map((entry) => entry.sessionId);

beforeAll(async () => {
  // Phones ending in 0 get an InfoView (the session ends), the others an InputView (stays open).
  app = await startTestApp((event, body) => {
    if (event !== 'new') return undefined;
    return String(body.msisdn).endsWith('0')
      ? show({ type: 'InfoView', message: 'Bye' })
      : show({ type: 'InputView', message: 'Name?' });
  });
  const config = demoConfig();
  sandbox = createSandbox({
    webPhone: false,
    config: {
      ...config,
      apps: config.apps.map((entry) => ({ ...entry, url: app.url })),
      sessionRetention: { endedSessions: 2, seconds: 600 },
    },
  });
});

afterAll(async () => {
  await sandbox?.close();
  await app?.close();
  expect(app.violations).toEqual([]);
});

describe('ended-session retention', () => {
  it('keeps the latest ended sessions readable and drops older ones; open ones stay', async () => {
    const open = await dial('08030000001');
    const ended = [];
    for (const msisdn of ['08030000010', '08030000020', '08030000030']) {
      ended.push(await dial(msisdn));
    }
    expect(await reportStatus(ended[0] as string)).toBe(404);
    expect((await call('GET', `/sandbox/sessions/${ended[0]}`)).body).toEqual({
      code: 'NOT_FOUND',
      message: `no session ${ended[0]}`,
    });
    for (const id of ended.slice(1)) {
      expect((await call('GET', `/sandbox/sessions/${id}`)).body).toMatchObject({
        sessionId: id,
        open: false,
        closeReason: 'End',
      });
    }
    expect((await call('GET', `/sandbox/sessions/${open}`)).body).toMatchObject({ open: true });
    // The billing history keeps every ended session, dropped or not.
    expect(await billedIds()).toEqual(expect.arrayContaining(ended));
    // Input to a dropped session is an unknown session.
    const input = await call('POST', `/sandbox/sessions/${ended[0]}/input`, { text: '1' });
    expect(input.status).toBe(404);
    await call('POST', `/sandbox/sessions/${open}/cancel`);
  });

  it('drops an ended session once its window of sandbox time has passed', async () => {
    const ended = await dial('08030000040');
    const open = await dial('08030000002');
    await sandbox.clock.advance(599);
    expect(await reportStatus(ended)).toBe(200);
    // The open session timed out 120 s after its start: it is kept 600 s from then.
    expect((await call('GET', `/sandbox/sessions/${open}`)).body).toMatchObject({
      open: false,
      closeReason: 'Timeout',
    });
    await sandbox.clock.advance(1);
    expect(await reportStatus(ended)).toBe(404);
    expect(await reportStatus(open)).toBe(200);
    await sandbox.clock.advance(120);
    expect(await reportStatus(open)).toBe(404);
    expect(await billedIds()).toEqual(expect.arrayContaining([ended, open]));
  });
});

describe('sessionRetention in the configuration', () => {
  it('defaults to the latest 10,000 ended sessions, each for 24 hours', () => {
    expect(sandboxConfigSchema.parse({}).sessionRetention).toEqual({
      endedSessions: 10_000,
      seconds: 86_400,
    });
    expect(
      sandboxConfigSchema.parse({ sessionRetention: { endedSessions: 5 } }).sessionRetention,
    ).toEqual({ endedSessions: 5, seconds: 86_400 });
  });

  it('names the field of a bad value', () => {
    expect(() => createSandbox({ config: { sessionRetention: { seconds: 0 } } })).toThrow(
      /sessionRetention\.seconds/,
    );
    expect(() => createSandbox({ config: { sessionRetention: { endedSessions: -1 } } })).toThrow(
      /sessionRetention\.endedSessions/,
    );
  });
});
