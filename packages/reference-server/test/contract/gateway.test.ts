import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeWorld,
  fakeWorld,
  type GatewayServer,
  show,
  startGatewayServer,
  startTestApp,
  type TestApp,
} from './gatewayHarness';

const menu = {
  type: 'ChooserView',
  title: 'Menu',
  items: [
    { accessKey: '1', label: 'Buy airtime' },
    { accessKey: '2', label: 'Buy data' },
  ],
};

describe('gateway: session state table over HTTP', () => {
  let world: FakeWorld;
  let app: TestApp;
  let server: GatewayServer;

  beforeEach(async () => {
    world = fakeWorld();
    world.addDeveloper('dev-1');
    app = await startTestApp(() => show({ type: 'InputView', message: 'Your name?' }));
    world.addApp({ appId: 'app-1', clientId: 'dev-1', appCode: '12', url: app.url });
    server = await startGatewayServer(world.deps);
  });

  afterEach(async () => {
    await server.close();
    await app.close();
    expect(app.violations).toEqual([]);
  });

  // spec, States: "(none) | customer dials the short code | | open | POST new with input Dial";
  // Dial input: "shortcodeString (string, the dialled string)"; What the service does 4: "The
  // short code has the form `*<main_code>*<app_code>#` and may carry further `*<segment>` parts."
  it('dial sends new with the whole short code, the msisdn as given, mtn and the raw token', async () => {
    const answer = await server.dial('*384*12*5*77#', '2348031234567');
    expect(answer).toEqual({ sessionId: answer.sessionId, screen: 'Your name?', open: true });
    expect(app.received[0]).toEqual({
      event: 'new',
      authorization: 'app-1-token',
      body: {
        clientId: 'dev-1',
        appId: 'app-1',
        sessionId: answer.sessionId,
        msisdn: '2348031234567',
        operator: 'mtn',
        input: { type: 'Dial', shortcodeString: '*384*12*5*77#' },
      },
    });
  });

  // spec, "New session": "operator | string | network operator of the number"
  it('sends the network of the number as operator; an explicit operator must agree with it', async () => {
    const answer = await server.post('/sandbox/sessions', {
      msisdn: '+2348051234567',
      dial: '*384*12#',
      operator: 'glo',
    });
    expect(answer.status).toBe(200);
    expect(app.received[0]?.body.operator).toBe('glo');
    const wrong = await server.post('/sandbox/sessions', {
      msisdn: '+2348051234567',
      dial: '*384*12#',
      operator: 'mtn',
    });
    expect(wrong).toEqual({
      status: 400,
      body: {
        code: 'BAD_REQUEST',
        message:
          "operator: +2348051234567 is a glo number (the sandbox reads a number's network from its prefix, docs/gateway.md); leave operator out, or dial from a mtn number",
      },
    });
    expect(app.events()).toEqual(['new']);
  });

  // spec, States: "open | application responds with InputView or ChooserView | | open, waiting
  // for input | customer input arrives in a continue request"; Responses: "contextData (string,
  // optional; the service carries it forward, and it appears in the close and abort requests)"
  it('InputView waits for input, which comes back as InputResult with contextData carried', async () => {
    app.handler = (event, body) =>
      event === 'new'
        ? show({ type: 'InputView', message: 'Your name?' }, 'step=name')
        : event === 'continue'
          ? show({ type: 'InputView', message: `Hello ${body.result.value}` }, 'step=hello')
          : undefined;
    const first = await server.dial('*384*12#');
    const second = await server.input(first.sessionId, 'Ada');
    expect(second).toEqual({ sessionId: first.sessionId, screen: 'Hello Ada', open: true });
    expect(app.received[1]?.body).toEqual({
      clientId: 'dev-1',
      appId: 'app-1',
      sessionId: first.sessionId,
      result: { type: 'InputResult', value: 'Ada' },
      contextData: 'step=name',
    });
    await server.post(`/sandbox/sessions/${first.sessionId}/cancel`);
    expect(app.received[2]?.body.contextData).toBe('step=hello');
  });

  // spec, ChooserView rules: "On invalid input the service asks the customer to retry without
  // calling the application. The application receives only the chosen accessKey, as an
  // InputResult." (exact-text cases in gatewayChooser.test.ts)
  it('renders a ChooserView and re-asks on an invalid choice without calling the app', async () => {
    app.handler = (event) =>
      event === 'new' ? show(menu) : show({ type: 'InfoView', message: 'Done' });
    const first = await server.dial('*384*12#');
    expect(first.screen).toBe('Menu\n1. Buy airtime\n2. Buy data');
    const retry = await server.input(first.sessionId, '7');
    expect(retry).toEqual({
      sessionId: first.sessionId,
      screen: 'Invalid choice. Try again.\nMenu\n1. Buy airtime\n2. Buy data',
      open: true,
    });
    expect(app.events()).toEqual(['new']);
    await server.input(first.sessionId, '2');
    expect(app.received[1]?.body.result).toEqual({ type: 'InputResult', value: '2' });
  });

  it('uses the chooser separator when given', async () => {
    app.handler = () => show({ ...menu, separator: ') ' });
    expect((await server.dial('*384*12#')).screen).toBe('Menu\n1) Buy airtime\n2) Buy data');
  });

  // spec, States: "open | application responds with InfoView | | closed | message is delivered,
  // then close with reason End"; Views: "InfoView | message | shown; no further input expected;
  // the session is then closed"
  it('InfoView shows the message, closes with End and carries contextData into close', async () => {
    app.handler = (event) =>
      event === 'new' ? show({ type: 'InfoView', message: 'Thank you' }, 'ctx-1') : undefined;
    const answer = await server.dial('*384*12#');
    expect(answer).toEqual({ sessionId: answer.sessionId, screen: 'Thank you', open: false });
    // The close goes out once the phone has the message (gatewayInfoViewFirst.test.ts).
    await vi.waitFor(() =>
      expect(app.received[1]).toMatchObject({
        event: 'close',
        body: { sessionId: answer.sessionId, reason: { type: 'End' }, contextData: 'ctx-1' },
      }),
    );
    const report = await server.report(answer.sessionId);
    expect(report).toMatchObject({ open: false, closeReason: 'End', appId: 'app-1' });
  });

  // spec, States: "open | customer cancels instead of entering input | | closed | close with
  // reason Abandon"
  it('cancel closes with Abandon', async () => {
    const first = await server.dial('*384*12#');
    const cancelled = await server.post(`/sandbox/sessions/${first.sessionId}/cancel`);
    expect(cancelled).toEqual({ status: 200, body: { sessionId: first.sessionId, open: false } });
    expect(app.received[1]).toMatchObject({
      event: 'close',
      body: { reason: { type: 'Abandon' } },
    });
    expect((await server.report(first.sessionId)).closeReason).toBe('Abandon');
  });

  // spec, States: "open | operator time limit reached | about 2 minutes | closed | close with
  // reason Timeout"; Limits 1: "Assume the session is forced to close after 2 minutes"
  it('closes with Timeout 120 s of sandbox time after the start', async () => {
    const first = await server.dial('*384*12#');
    await world.clock.advance(119);
    expect((await server.report(first.sessionId)).open).toBe(true);
    await world.clock.advance(1);
    expect(app.received[1]).toMatchObject({
      event: 'close',
      body: { reason: { type: 'Timeout' } },
    });
    const report = await server.report(first.sessionId);
    expect(report).toMatchObject({ open: false, closeReason: 'Timeout', ticks: 6, fee: 12 });
    const late = await server.post(`/sandbox/sessions/${first.sessionId}/input`, { text: 'x' });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('SESSION_CLOSED');
  });

  it('remembers the latest sessionTag and passes it to billing', async () => {
    app.handler = (event) =>
      event === 'new'
        ? show({ type: 'InputView', message: 'A' }, '', 'first')
        : show({ type: 'InfoView', message: 'B' }, '', 'second');
    const first = await server.dial('*384*12#');
    await server.input(first.sessionId, 'x');
    expect(world.charges).toEqual([expect.objectContaining({ sessionTag: 'second' })]);
    expect((await server.report(first.sessionId)).sessionTag).toBe('second');
  });

  it('reports the session with a transcript of every event and answer', async () => {
    app.handler = (event) =>
      event === 'new'
        ? show({ type: 'InputView', message: 'Name?' })
        : show({ type: 'InfoView', message: 'Bye' });
    const first = await server.dial('*384*12#');
    await world.clock.advance(5);
    await server.input(first.sessionId, 'Ada');
    // The close and its answer reach the transcript once the phone has the message.
    const report = await vi.waitFor(async () => {
      const read = await server.report(first.sessionId);
      expect(read.transcript).toHaveLength(11);
      return read;
    });
    const start = Date.UTC(2026, 0, 1) / 1000;
    expect(report).toMatchObject({
      sessionId: first.sessionId,
      appId: 'app-1',
      msisdn: '08031234567',
      open: false,
      closeReason: 'End',
      startedAt: start,
      endedAt: start + 5,
      ticks: 1,
      fee: 2,
      chargedClientId: 'dev-1',
    });
    const froms = report.transcript.map((entry: { from: string }) => entry.from);
    expect(froms).toEqual([
      'phone',
      'gateway',
      'app',
      'gateway',
      'phone',
      'gateway',
      'app',
      'gateway',
      'gateway',
      'gateway',
      'app',
    ]);
    expect(report.transcript[0]).toEqual({ at: start, from: 'phone', text: '*384*12#' });
    expect(JSON.parse(report.transcript[2].text)).toEqual({
      action: { type: 'ShowView', view: { type: 'InputView', message: 'Name?' } },
      contextData: '',
    });
    expect(report.transcript[4]).toEqual({ at: start + 5, from: 'phone', text: 'Ada' });
    expect(report.abortReason).toBeUndefined();
  });
});

describe('gateway: sandbox route errors', () => {
  let world: FakeWorld;
  let app: TestApp;
  let server: GatewayServer;

  beforeEach(async () => {
    world = fakeWorld();
    world.addDeveloper('dev-1');
    app = await startTestApp(() => show({ type: 'InputView', message: 'Hi' }));
    world.addApp({ appId: 'app-1', clientId: 'dev-1', appCode: '12', url: app.url });
    server = await startGatewayServer(world.deps);
  });

  afterEach(async () => {
    await server.close();
    await app.close();
  });

  it.each([
    ['an unknown app code', { msisdn: '08031234567', dial: '*384*99#' }, 404, 'NOT_FOUND'],
    ['another main code', { msisdn: '08031234567', dial: '*385*12#' }, 404, 'NOT_FOUND'],
    ['a malformed dial', { msisdn: '08031234567', dial: '384*12' }, 400, 'BAD_REQUEST'],
    ['a bad msisdn', { msisdn: '12', dial: '*384*12#' }, 400, 'BAD_REQUEST'],
    [
      'an unknown operator',
      { msisdn: '08031234567', dial: '*384*12#', operator: 'x' },
      400,
      'BAD_REQUEST',
    ],
    ['a missing dial', { msisdn: '08031234567' }, 400, 'BAD_REQUEST'],
    ['a wrong type', { msisdn: 8031234567, dial: '*384*12#' }, 400, 'BAD_REQUEST'],
    ['invalid JSON', '{"msisdn":', 400, 'BAD_REQUEST'],
    [
      'a 1 MB body',
      JSON.stringify({ msisdn: '08031234567', dial: 'x'.repeat(1_000_000) }),
      413,
      'PAYLOAD_TOO_LARGE',
    ],
  ])('dial with %s answers its status with JSON', async (_name, body, status, code) => {
    const answer = await server.post('/sandbox/sessions', body);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ code, message: expect.any(String) });
    expect(app.received).toEqual([]);
  });

  it('answers 404 for an unknown session and 400 for a bad input body', async () => {
    expect((await server.post('/sandbox/sessions/nope/input', { text: '1' })).status).toBe(404);
    expect((await server.post('/sandbox/sessions/nope/cancel')).status).toBe(404);
    expect((await server.get('/sandbox/sessions/nope')).body.code).toBe('NOT_FOUND');
    const first = await server.dial('*384*12#');
    const bad = await server.post(`/sandbox/sessions/${first.sessionId}/input`, { text: 5 });
    expect(bad).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: expect.any(String) },
    });
    expect((await server.input(first.sessionId, 'ok')).open).toBe(true);
  });

  it('answers a phone without a pending push with an empty object', async () => {
    expect(await server.get('/sandbox/phones/08031234567')).toEqual({ status: 200, body: {} });
  });
});
