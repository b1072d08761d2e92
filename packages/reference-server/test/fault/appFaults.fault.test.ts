import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type RunningSandbox, startSandbox } from '../../src/index';
import { closedPortUrl, type Fault, type FaultApp, startFaultApp } from './faultApp';
import { type SandboxCalls, sandboxCalls } from './sandboxClient';

const ABORTED = 'Service temporarily unavailable. Please try again later.';
const DEADLINE_MS = 300;

let sandbox: RunningSandbox;
let app: FaultApp;
let api: SandboxCalls;
let dialString: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  api = sandboxCalls(sandbox.url);
  app = await startFaultApp();
  const created = await api.call('POST', '/sandbox/apps', {
    clientId: DEMO.clientId,
    url: app.url,
    answerTimeoutMs: DEADLINE_MS,
  });
  expect(created.status).toBe(201);
  dialString = `*${(created.body as { shortcode: string }).shortcode}#`;
});

afterAll(async () => {
  await sandbox?.close();
  await app?.close();
});

/** The billed session of the history, for one session id. */
async function billed(sessionId: string) {
  return (await api.history()).filter(
    (entry) => entry.type === 'session' && entry.sessionId === sessionId,
  );
}

async function expectAbortedAndBilled(sessionId: string, reason: string) {
  const report = await api.report(sessionId);
  expect(report).toMatchObject({ open: false, abortReason: reason, ticks: 1, fee: 2 });
  expect(report.chargedClientId).toBe(DEMO.clientId);
  expect(await billed(sessionId)).toEqual([
    expect.objectContaining({ clientId: DEMO.clientId, sessionId, ticks: 1, fee: 2 }),
  ]);
  // The phone cannot talk to an aborted session.
  expect((await api.input(sessionId, '1')).status).toBe(409);
}

describe('the sandbox gateway when the app misbehaves', () => {
  it.each<[string, Fault, string]>([
    ['answers 500', { kind: 'status500' }, 'UnexpectedUssdAppResponse'],
    ['answers malformed JSON', { kind: 'malformed' }, 'UnexpectedUssdAppResponse'],
    [
      'is slower than its answerTimeoutMs',
      { kind: 'delay', ms: DEADLINE_MS * 10 },
      'InternalError',
    ],
  ])('app %s: abort %s, billed one tick', async (_name, fault, reason) => {
    app.fault = { kind: 'ok' };
    const first = await api.dial(dialString);
    expect(first).toMatchObject({ screen: 'Amount?', open: true });
    app.fault = fault;
    const answer = await api.input(first.sessionId, '100');
    expect(answer).toEqual({
      status: 200,
      body: { sessionId: first.sessionId, screen: ABORTED, open: false },
    });
    const abort = app.events.find(
      (entry) => entry.event === 'abort' && entry.body.sessionId === first.sessionId,
    );
    expect(abort?.body).toMatchObject({ reason: { type: reason }, contextData: 'ctx-1' });
    await expectAbortedAndBilled(first.sessionId, reason);
  });

  it('app answers after the deadline: InternalError, the late answer is ignored', async () => {
    app.fault = { kind: 'ok' };
    const first = await api.dial(dialString);
    app.fault = { kind: 'delay', ms: DEADLINE_MS + 200 };
    const answer = await api.input(first.sessionId, '100');
    expect(answer.body).toMatchObject({ screen: ABORTED, open: false });
    // Let the late answer be written, then check nothing changed.
    const late = app.events.filter(
      (e) => e.event === 'continue' && e.body.sessionId === first.sessionId,
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(late.at(-1)?.answeredAt).toBeUndefined(); // the gateway aborted the request: nothing to write to
    const report = await api.report(first.sessionId);
    // The transcript holds the answer to `new` and the 204 to `abort`: the late answer is not in it.
    const fromApp = (report.transcript as { from: string; text: string }[]).filter(
      (line) => line.from === 'app',
    );
    expect(fromApp.map((line) => line.text)).toEqual([
      expect.stringContaining('Amount?'),
      'HTTP 204',
    ]);
    await expectAbortedAndBilled(first.sessionId, 'InternalError');
  });

  it('app unreachable (closed port): the dial aborts with InternalError, billed one tick', async () => {
    const created = await api.call('POST', '/sandbox/apps', {
      clientId: DEMO.clientId,
      url: await closedPortUrl(),
      answerTimeoutMs: DEADLINE_MS,
    });
    const first = await api.dial(`*${(created.body as { shortcode: string }).shortcode}#`);
    expect(first).toMatchObject({ screen: ABORTED, open: false });
    await expectAbortedAndBilled(first.sessionId, 'InternalError');
  });

  it('keeps serving healthy sessions after every fault', async () => {
    app.fault = { kind: 'ok' };
    const first = await api.dial(dialString);
    const next = await api.input(first.sessionId, '5');
    expect(next.body).toMatchObject({ screen: 'Amount?', open: true });
    expect((await api.call('POST', `/sandbox/sessions/${first.sessionId}/cancel`)).status).toBe(
      200,
    );
    expect(await api.report(first.sessionId)).toMatchObject({
      open: false,
      closeReason: 'Abandon',
    });
  });
});
