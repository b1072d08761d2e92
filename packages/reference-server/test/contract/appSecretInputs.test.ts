/**
 * An app marks an answer whose screen asks a secret with `Ussdkit-Input: secret` (decision 0034):
 * the phone's next input is then masked wherever the sandbox shows or keeps it. A native app and
 * an Africa's Talking app, both plain `node:http` servers, each take a PIN on a marked screen;
 * every answer of the sandbox API, the session reports (transcript, logged forms, faults) and the
 * sandbox's log are searched for it. An unmarked screen stays in clear, so the header is what
 * decides.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { show, startTestApp, type TestApp, type Wire } from './gatewayHarness';
import { type SandboxUnderTest, startSandboxUnderTest } from './sandboxHarness';

// Six digits: a four-digit PIN turns up by chance in the ids and timestamps the reports carry (a v4 UUID's third group is 4xxx).
const PIN = '739154';
const MASK = '••••';
const PHONE = '08031234567';
const SECRET = { 'Ussdkit-Input': 'secret' };

/** An Africa's Talking app: a menu, a PIN on a marked screen, a confirmation, then END. */
async function startAtApp() {
  const forms: Record<string, string>[] = [];
  const notifications: Record<string, string>[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
      if (req.url === '/events') {
        notifications.push(form);
        res.writeHead(200).end();
        return;
      }
      forms.push(form);
      const steps = form.text === '' ? [] : (form.text ?? '').split('*');
      const [answer, headers] =
        steps.length === 0
          ? ['CON Shop\n1. Pay', {}]
          : steps.length === 1
            ? ['CON Enter your PIN', SECRET]
            : steps.length === 2
              ? ['CON Confirm\n1. Yes', {}]
              : ['END Paid', {}];
      res.writeHead(200, { 'content-type': 'text/plain', ...headers }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/at`,
    events: `http://127.0.0.1:${port}/events`,
    forms,
    notifications,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('gateway: inputs on screens an app marks secret (Ussdkit-Input: secret)', () => {
  let app: TestApp;
  let at: Awaited<ReturnType<typeof startAtApp>>;
  let sandbox: SandboxUnderTest;
  const logLines: string[] = [];
  /** Every answer of the sandbox API the test received, as text. */
  const answers: string[] = [];
  const record = <T>(value: T): T => {
    answers.push(JSON.stringify(value));
    return value;
  };

  beforeAll(async () => {
    app = await startTestApp((event, body: Wire) => {
      if (event === 'new') {
        return {
          ...show({ type: 'InputView', message: 'Enter your PIN' }, 'pin'),
          headers: SECRET,
        };
      }
      if (event !== 'continue') return undefined;
      if (body.contextData === 'pin') {
        const menu = {
          type: 'ChooserView',
          title: 'Pay from',
          items: [{ accessKey: '1', label: 'Savings' }],
        };
        return show(menu, 'account');
      }
      // An app that cannot go on after the PIN: the session aborts, and the sandbox logs why.
      return { status: 500, json: { error: `no account for ${body.result.value}` } };
    });
    at = await startAtApp();
    sandbox = await startSandboxUnderTest(
      {
        developers: [{ clientId: 'dev', clientSecret: 'dev-secret' }],
        apps: [
          { appId: 'native', clientId: 'dev', appCode: '7', url: app.url },
          {
            appId: 'at',
            clientId: 'dev',
            appCode: '8',
            url: at.url,
            protocol: 'africastalking',
            notificationsUrl: at.events,
          },
        ],
      },
      { log: (line) => logLines.push(line) },
    );
  });

  afterAll(async () => {
    await sandbox.close();
    await app.close();
    await at.close();
  });

  it('a native app: the phone is told the screen is secret, the report writes the PIN and the continue carrying it as ••••', async () => {
    const asked = record(await sandbox.dial('*384*7#', PHONE));
    expect(asked).toEqual({
      sessionId: asked.sessionId,
      screen: 'Enter your PIN',
      open: true,
      secret: true,
    });
    const next = record(await sandbox.input(asked.sessionId, PIN));
    expect(next).toEqual({
      sessionId: asked.sessionId,
      screen: 'Pay from\n1. Savings',
      open: true,
    });
    record(await sandbox.input(asked.sessionId, '1'));
    const report = record(await sandbox.report(asked.sessionId));
    const phone = report.transcript.filter((line: Wire) => line.from === 'phone');
    expect(phone.map((line: Wire) => line.text)).toEqual(['*384*7#', MASK, '1']);
    const sent = report.transcript.find(
      (line: Wire) => line.from === 'gateway' && line.text.startsWith('continue native {'),
    );
    expect(JSON.parse(sent.text.slice('continue native '.length)).result).toEqual({
      type: 'InputResult',
      value: MASK,
    });
    // The app got the PIN itself: masking is the sandbox's, not the wire's.
    expect(app.received[1]?.body.result).toEqual({ type: 'InputResult', value: PIN });
    expect(report.abortReason).toBe('UnexpectedUssdAppResponse');
  });

  it('a marked chooser stays secret when it is asked again after an invalid choice', async () => {
    const answer = app.handler;
    app.handler = (event, body) =>
      event === 'new'
        ? {
            ...show({
              type: 'ChooserView',
              title: 'Pick a secret word',
              items: [{ accessKey: '7', label: 'Seven' }],
            }),
            headers: { 'ussdkit-input': ' SECRET ' },
          }
        : answer(event, body);
    try {
      const first = record(await sandbox.dial('*384*7#', PHONE));
      expect(first.secret).toBe(true);
      const again = record(await sandbox.input(first.sessionId, '9'));
      expect(again).toMatchObject({ open: true, secret: true });
      const report = record(await sandbox.report(first.sessionId));
      expect(
        report.transcript
          .filter((line: Wire) => line.from === 'phone')
          .map((line: Wire) => line.text),
      ).toEqual(['*384*7#', MASK]);
      await sandbox.cancel(first.sessionId);
    } finally {
      app.handler = answer;
    }
  });

  it("an Africa's Talking app: each logged form writes the PIN's step of text as ••••, in that form and every later one", async () => {
    const menu = record(await sandbox.dial('*384*8#', PHONE));
    expect(record(await sandbox.input(menu.sessionId, '1'))).toMatchObject({
      screen: 'Enter your PIN',
      secret: true,
    });
    record(await sandbox.input(menu.sessionId, PIN));
    const paid = record(await sandbox.input(menu.sessionId, '1'));
    expect(paid).toMatchObject({ screen: 'Paid', open: false });
    // The app got its path as Africa's Talking sends it.
    expect(at.forms.map((form) => form.text)).toEqual(['', '1', `1*${PIN}`, `1*${PIN}*1`]);
    await vi.waitFor(() => expect(at.notifications).toHaveLength(1));
    const report = await vi.waitFor(async () => {
      const read = await sandbox.report(menu.sessionId);
      expect(read.transcript.at(-1).from).toBe('app');
      return record(read);
    });
    const logged = report.transcript
      .filter((line: Wire) => line.text.startsWith('africastalking at '))
      .map((line: Wire) => JSON.parse(line.text.slice('africastalking at '.length)).text);
    expect(logged).toEqual(['', '1', `1*${MASK}`, `1*${MASK}*1`]);
    const notification = report.transcript.find((line: Wire) =>
      line.text.startsWith('notification at '),
    );
    expect(JSON.parse(notification.text.slice('notification at '.length)).input).toBe(
      `1*${MASK}*1`,
    );
  });

  it('with faults that send events twice and out of order, the PIN is still nowhere', async () => {
    const set = await sandbox.call('PUT', '/sandbox/apps/native/faults', {
      duplicate: {},
      reorder: {},
    });
    expect(set.status).toBe(200);
    try {
      const asked = record(await sandbox.dial('*384*7#', PHONE));
      record(await sandbox.input(asked.sessionId, PIN));
      const report = record(await sandbox.report(asked.sessionId));
      expect(report.faults?.length).toBeGreaterThan(0);
      expect(JSON.stringify(report)).not.toContain(PIN);
    } finally {
      await sandbox.call('DELETE', '/sandbox/apps/native/faults');
    }
  });

  it(`no answer of the sandbox API, no report and no log line holds the PIN ${PIN}`, async () => {
    const reads = [
      (await sandbox.call('GET', '/sandbox/history')).body,
      (await sandbox.call('GET', '/sandbox/callbacks')).body,
      (await sandbox.call('GET', '/sandbox/gateway')).body,
    ];
    expect(logLines.length).toBeGreaterThan(0);
    const everything = [...answers, ...reads.map((read) => JSON.stringify(read)), ...logLines];
    expect(everything.join('\n')).not.toContain(PIN);
  });

  it('an unmarked screen is not masked: the header is what tells the sandbox', async () => {
    const answer = app.handler;
    app.handler = (event, body) =>
      event === 'new'
        ? show({ type: 'InputView', message: 'Your name?' }, 'pin')
        : answer(event, body);
    try {
      const asked = await sandbox.dial('*384*7#', PHONE);
      expect(asked).not.toHaveProperty('secret');
      await sandbox.input(asked.sessionId, 'Ada');
      const report = await sandbox.report(asked.sessionId);
      expect(report.transcript).toContainEqual(
        expect.objectContaining({ from: 'phone', text: 'Ada' }),
      );
    } finally {
      app.handler = answer;
    }
  });
});
