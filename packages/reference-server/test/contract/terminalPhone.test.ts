/**
 * The terminal phone (`runDial`) against a sandbox on port 0 with a test app, driven through
 * in-memory streams.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/index';
import { DEFAULT_MSISDN, runDial } from '../../src/terminal/index';
import { type DemoApp, startDemoApp, startWebSandbox, type WebSandbox } from '../e2e/demoUssdApp';
import { dialWith } from '../helpers/dialWith';
import { startRouterApp } from '../helpers/routerApp';
import { withoutUuids } from '../helpers/withoutUuids';

const FIRST_SCREEN = [
  '┌────────────────────────────────┐',
  '│ *384*1#                   open │',
  '├────────────────────────────────┤',
  '│ Airtime shop                   │',
  '│ 1. Buy airtime                 │',
  '│ 2. Help                        │',
  '├────────────────────────────────┤',
  '│ answer, or /cancel (Ctrl-D) to │',
  '│ hang up                        │',
  '└────────────────────────────────┘',
].join('\n');

describe('terminal phone', () => {
  let app: DemoApp;
  let sandbox: WebSandbox;

  beforeAll(async () => {
    app = await startDemoApp();
    sandbox = await startWebSandbox({ appUrl: app.url });
  });

  afterAll(async () => {
    await sandbox.close();
    await app.close();
  });

  it('shows each screen framed like a phone and ends with the close reason', async () => {
    const { outcome, text } = await dialWith({ baseUrl: sandbox.url, dial: '*384*1#' }, [
      '1',
      '20',
      '500',
      '1234',
    ]);
    expect(outcome).toEqual({ exitCode: 0, sessionId: expect.any(String), closeReason: 'End' });
    expect(text.startsWith(`${FIRST_SCREEN}\n> 1\n${FIRST_SCREEN.slice(0, 34)}`)).toBe(true);
    expect(text).toContain('> 20\n┌');
    expect(text).toContain(
      '│ Invalid amount. Amount in NGN  │\n│ (50 to 5000):                  │',
    );
    expect(text).toContain(
      '│ Pay NGN 500 to 12345 from      │\n│ 0581234567                     │',
    );
    expect(text).toContain(
      [
        '│ *384*1#                    End │',
        '├────────────────────────────────┤',
        '│ Receipt: NGN 500 airtime paid. │',
        '│ Thank you!                     │',
        '└────────────────────────────────┘',
        'Session closed: End (1 tick, NGN 2).',
      ].join('\n'),
    );
    expect(text.endsWith('Session closed: End (1 tick, NGN 2).\n')).toBe(true);
  });

  it("never prints the PIN 4821 typed on the gateway's PIN screen: piped, or on a terminal", async () => {
    const PIN = '4821';
    const piped = await dialWith({ baseUrl: sandbox.url, dial: '*384*1#' }, ['1', '500', PIN]);
    expect(piped.outcome).toMatchObject({ exitCode: 0, closeReason: 'End' });
    expect(piped.text).toContain(
      '│ Enter your PIN:                │\n├────────────────────────────────┤\n│ secret answer (shown as ••••   │\n│ once sent), or /cancel         │',
    );
    expect(piped.text).toContain('> 500\n┌');
    expect(piped.text).toContain('> ••••\n┌');
    expect(piped.text).toContain('│ Payment failure: nothing was   │');

    // On a terminal the typed PIN is echoed by the terminal itself, as on a handset: the phone
    // then draws over that line, so what stays on screen is the mask.
    const input = Object.assign(new PassThrough(), { isTTY: true });
    let drawn = '';
    const output = Object.assign(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          drawn += chunk.toString('utf8');
          done();
        },
      }),
      { isTTY: true },
    );
    const running = runDial({ baseUrl: sandbox.url, dial: '*384*1#', input, output });
    for (const line of ['1', '500', PIN]) input.write(`${line}\n`);
    input.end();
    expect(await running).toMatchObject({ exitCode: 0, closeReason: 'End' });
    expect(drawn).toContain('> \x1b[1A\r\x1b[2K> ••••\n');

    const report = await (
      await fetch(`${sandbox.url}/sandbox/sessions/${piped.outcome.sessionId}`)
    ).text();
    expect(withoutUuids([piped.text, drawn, report].join('\n'))).not.toContain(PIN);
  });

  it('hangs up on /cancel', async () => {
    const { outcome, text } = await dialWith({ baseUrl: sandbox.url, dial: '*384*1#' }, [
      '1',
      '/cancel',
      'never read',
    ]);
    expect(outcome).toMatchObject({ exitCode: 0, closeReason: 'Abandon' });
    expect(text).toContain('│ Amount in NGN (50 to 5000):    │');
    expect(text.endsWith('Session closed: Abandon (1 tick, NGN 2).\n')).toBe(true);
  });

  it('hangs up on Ctrl-D (end of input)', async () => {
    const { outcome, text } = await dialWith({ baseUrl: sandbox.url, dial: '*384*1#' }, []);
    expect(outcome).toMatchObject({ exitCode: 0, closeReason: 'Abandon' });
    expect(text).toContain('│ *384*1#                Abandon │');
  });

  it('frames at the width asked for, from the msisdn given', async () => {
    const { outcome, text } = await dialWith(
      { baseUrl: sandbox.url, dial: '*384*1#', msisdn: '08031112222', width: 16 },
      ['2'],
    );
    expect(outcome).toMatchObject({ closeReason: 'End' });
    expect(text).toContain('│ Call 0800        │\n│ USSDKIT for      │\n│ help.            │');
    const report = (await (
      await fetch(`${sandbox.url}/sandbox/sessions/${outcome.sessionId}`)
    ).json()) as { msisdn: string };
    expect(report.msisdn).toBe('08031112222');
  });

  it('ends with Timeout when the session timed out while the user typed', async () => {
    const input = new PassThrough();
    let text = '';
    let shown: () => void = () => {};
    const firstScreen = new Promise<void>((resolve) => {
      shown = resolve;
    });
    const output = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString('utf8');
        if (text.includes('> ')) shown();
        done();
      },
    });
    const running = runDial({ baseUrl: sandbox.url, dial: '*384*1#', input, output });
    await firstScreen;
    const advanced = await fetch(`${sandbox.url}/sandbox/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 121 }),
    });
    expect(advanced.status).toBe(200);
    input.end('1\n');
    expect(await running).toMatchObject({ exitCode: 0, closeReason: 'Timeout' });
    expect(text).toContain('> 1\nThe session had already ended.\n');
    expect(text).toContain('│ *384*1#                Timeout │');
    expect(text.endsWith('Session closed: Timeout (6 ticks, NGN 12).\n')).toBe(true);
  });

  it('prints the abort reason when the app does not answer', async () => {
    const down = await startDemoApp();
    await down.close();
    const broken = await startWebSandbox({ appUrl: down.url });
    try {
      const { outcome, text } = await dialWith({ baseUrl: broken.url, dial: '*384*1#' }, []);
      expect(outcome).toMatchObject({ exitCode: 0, abortReason: 'InternalError' });
      const why = `Could not reach the app at ${down.url}/ussdSessionEvent/new: connection refused. Is it running? (app demo-app, change its URL with PATCH /sandbox/apps/demo-app {"url": ...})`;
      expect(outcome.abortMessage).toBe(why);
      expect(text.endsWith(`Session aborted: InternalError (1 tick, NGN 2).\n\n${why}\n`)).toBe(
        true,
      );
    } finally {
      await broken.close();
    }
  });

  it('prints why the app refused the token, after the abort reason', async () => {
    const router = await startRouterApp({ authToken: 'not-the-demo-token' });
    const refusing = await startWebSandbox({ appUrl: router.url });
    try {
      const { outcome, text } = await dialWith({ baseUrl: refusing.url, dial: '*384*1#' }, []);
      expect(outcome).toMatchObject({ exitCode: 0, abortReason: 'UnexpectedUssdAppResponse' });
      const why = `The app at ${router.url} answered 401 to /ussdSessionEvent/new: the token does not match. The sandbox sends app demo-app's authToken as the Authorization header; make the app's authToken option equal it, or change the app's token with PATCH /sandbox/apps/demo-app {"authToken": ...}.`;
      expect(text.endsWith(`(1 tick, NGN 2).\n\n${why}\n`)).toBe(true);
      expect(text).not.toContain('demo-token');
    } finally {
      await refusing.close();
      await router.close();
    }
  });

  // spec, States: "open | application responds with InfoView | closed | message is delivered,
  // then close with reason End": the terminal phone gets a push by dialling its recovery code.
  it('shows the message of a pushed InfoView when it dials the push’s recovery code', async () => {
    const pushed = await fetch(`${sandbox.url}/ussd/app/push`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-client-id': DEMO.clientId,
        'x-client-secret': DEMO.clientSecret,
      },
      body: JSON.stringify({ appId: DEMO.appId, msisdn: DEFAULT_MSISDN, contextData: 'notice' }),
    });
    const { recoveryShortcode } = (await pushed.json()) as { recoveryShortcode: string };
    const { outcome, text } = await dialWith({ baseUrl: sandbox.url, dial: recoveryShortcode }, []);
    expect(outcome).toMatchObject({ exitCode: 0, closeReason: 'End' });
    expect(text).toContain('│ Your airtime is on its way.    │');
    expect(text.endsWith('Session closed: End (1 tick, NGN 2).\n')).toBe(true);
  });

  it('prints what the sandbox answered to a short code no app has', async () => {
    const { outcome, text } = await dialWith({ baseUrl: sandbox.url, dial: '*384*99#' }, []);
    expect(outcome).toEqual({ exitCode: 1 });
    expect(text).toMatch(/^The sandbox answered 404 [A-Z_]+: .+\n$/);
  });

  it('says clearly when no sandbox is running', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const { outcome, text } = await dialWith({ baseUrl: url, dial: '*384*1#' }, []);
    expect(outcome).toEqual({ exitCode: 1 });
    expect(text).toBe(
      `No sandbox is running at ${url}: start one with \`pnpm start\` or \`npx ussdkit-sandbox\`\n`,
    );
  });
});
