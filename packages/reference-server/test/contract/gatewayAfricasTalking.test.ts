/**
 * The sandbox as an Africa's Talking-style gateway: one real router app, served natively and
 * through `@ussdkit/africastalking` by one HTTP server, registered twice with a sandbox started on
 * port 0. Every step goes over HTTP: the phone through the sandbox API, the gateway to the app.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialWith } from '../helpers/dialWith';
import { serveHono } from '../helpers/serveHono';
import { CODES, type ServedShop, serveShop, shopConfig } from './africasTalkingApp';
import { command, startTestApp, type TestApp } from './gatewayHarness';
import { type SandboxUnderTest, type Screen, startSandboxUnderTest } from './sandboxHarness';

let shop: ServedShop;
let sandbox: SandboxUnderTest;

beforeAll(async () => {
  shop = await serveShop();
  sandbox = await startSandboxUnderTest(shopConfig(shop));
});

afterAll(async () => {
  await sandbox?.close();
  await shop?.close();
});

type Protocol = keyof typeof CODES;

/** What the phone showed: each screen and whether the session was still open. */
type Shown = { screen: string; open: boolean }[];

const shown = ({ screen, open }: Screen) => ({ screen, open });

/** Dials the shop on `protocol` (with `segments` after its code) and sends `inputs` in turn. */
async function walk(
  protocol: Protocol,
  inputs: readonly string[],
  options: { msisdn?: string; segments?: string } = {},
): Promise<{ sessionId: string; screens: Shown }> {
  const dial = `*384*${CODES[protocol]}${options.segments ?? ''}#`;
  const first = await sandbox.dial(dial, options.msisdn ?? '08031234567');
  const screens: Shown = [shown(first)];
  for (const text of inputs) screens.push(shown(await sandbox.input(first.sessionId, text)));
  return { sessionId: first.sessionId, screens };
}

/** The same walk on both protocols; the test then compares them. */
async function walkBoth(inputs: readonly string[], options: { segments?: string } = {}) {
  const native = await walk('native', inputs, options);
  const africastalking = await walk('africastalking', inputs, options);
  return { native, africastalking };
}

const MENU = 'Duka\n1. Send money\n2. Bundles';

describe("the same app on the native gateway and on Africa's Talking's protocol", () => {
  it('walks a flow with a validation retry and an input holding * and # to the same screens', async () => {
    const { native, africastalking } = await walkBoth(['1', '20', '100', 'INV*42#']);
    expect(africastalking.screens).toEqual(native.screens);
    expect(native.screens[0]).toEqual({ screen: MENU, open: true });
    expect(native.screens[2]?.screen).toContain('The minimum is NGN 50');
    expect(native.screens.at(-1)).toEqual({
      screen: 'Sent NGN 100 with reference INV*42#.',
      open: false,
    });
  });

  it('pages a long menu, re-asks a wrong key, goes back and home, to the same screens', async () => {
    const inputs = ['2', '98', '0', '00', '2', '98', 'x', '98', '98', '12'];
    const { native, africastalking } = await walkBoth(inputs);
    expect(africastalking.screens).toEqual(native.screens);
    const screens = native.screens.map((s) => s.screen);
    expect(screens[1]).toMatch(/^Bundles\n1\. Data bundle number 1/);
    expect(screens[1]).toContain('98. More');
    expect(screens[2]).not.toBe(screens[1]);
    expect(screens[3]).toBe(screens[1]);
    expect(screens[4]).toBe(MENU);
    expect(screens[7]).toMatch(/^Invalid choice\. Try again\.\n/);
    expect(native.screens.at(-1)).toEqual({ screen: 'You chose bundle-12.', open: false });
  });

  it('opens the dial entry of an extended dial (*384*<code>*5#) on both', async () => {
    const { native, africastalking } = await walkBoth(['1'], { segments: '*5' });
    expect(africastalking.screens).toEqual(native.screens);
    expect(native.screens[0]?.screen).toMatch(/^Bundles\n/);
    expect(native.screens[1]).toEqual({ screen: 'You chose bundle-1.', open: false });
  });

  it('keeps two interleaved sessions of different phones apart, on both', async () => {
    const run = async (protocol: Protocol) => {
      const code = `*384*${CODES[protocol]}#`;
      const a = await sandbox.dial(code, '08031230001');
      const b = await sandbox.dial(code, '08051230002');
      const steps: [string, string][] = [
        [a.sessionId, '1'],
        [b.sessionId, '1'],
        [b.sessionId, '250'],
        [a.sessionId, '75'],
        [a.sessionId, 'A*1'],
        [b.sessionId, '*B#'],
      ];
      const screens: Shown = [shown(a), shown(b)];
      for (const [id, text] of steps) screens.push(shown(await sandbox.input(id, text)));
      return screens;
    };
    const native = await run('native');
    expect(await run('africastalking')).toEqual(native);
    expect(native.slice(-2)).toEqual([
      { screen: 'Sent NGN 75 with reference A*1.', open: false },
      { screen: 'Sent NGN 250 with reference *B#.', open: false },
    ]);
  });
});

/** The documented fields of a session request and of the notification (decision 0016). */
const REQUEST_FIELDS = ['networkCode', 'phoneNumber', 'serviceCode', 'sessionId', 'text'];
const NOTIFICATION_FIELDS = [
  'cost',
  'date',
  'durationInMillis',
  'errorMessage',
  'hopsCount',
  'input',
  'lastAppResponse',
  'networkCode',
  'phoneNumber',
  'serviceCode',
  'sessionId',
  'status',
].sort();

const ofSession = (forms: ServedShop['requests'], sessionId: string) =>
  forms.filter((form) => form.fields.sessionId === sessionId);

describe("the sandbox's requests, as Africa's Talking's documentation describes them", () => {
  it('POSTs forms whose text holds every input joined by *, then the notification', async () => {
    const { sessionId } = await walk('africastalking', ['1', '20', '100', 'INV*42#']);
    const requests = ofSession(shop.requests, sessionId);
    expect(requests.map((r) => r.fields.text)).toEqual([
      '',
      '1',
      '1*20',
      '1*20*100',
      '1*20*100*INV*42#',
    ]);
    for (const request of requests) {
      expect(request.contentType).toBe('application/x-www-form-urlencoded');
      expect(Object.keys(request.fields).sort()).toEqual(REQUEST_FIELDS);
      expect(request.fields).toMatchObject({
        sessionId,
        serviceCode: `*384*${CODES.africastalking}#`,
        phoneNumber: '+2348031234567',
        networkCode: '62130',
      });
    }
    // Form encoding: `*` as it is, `#` escaped.
    expect(requests.at(-1)?.raw).toContain('text=1*20*100*INV*42%23');

    await vi.waitFor(() => expect(ofSession(shop.notifications, sessionId)).toHaveLength(1));
    const [notification] = ofSession(shop.notifications, sessionId);
    expect(notification?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.keys(notification?.fields ?? {}).sort()).toEqual(NOTIFICATION_FIELDS);
    expect(notification?.fields).toMatchObject({
      sessionId,
      serviceCode: `*384*${CODES.africastalking}#`,
      phoneNumber: '+2348031234567',
      networkCode: '62130',
      status: 'Success',
      hopsCount: '5',
      input: '1*20*100*INV*42#',
      lastAppResponse: 'END Sent NGN 100 with reference INV*42#.',
      errorMessage: '',
      cost: 'NGN 2.0000',
    });
    // The sandbox clock runs with real time: the walk took a few milliseconds.
    expect(notification?.fields.durationInMillis).toMatch(/^\d+$/);
    expect(notification?.fields.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The callback URL's secret (`?secret=`) is never written where people read.
    const report = await sandbox.report(sessionId);
    expect(JSON.stringify(report)).toContain('africastalking shop-at');
    expect(JSON.stringify(report)).not.toContain('at-s3cret');
    // The app heard the end once: the adapter closed it on END, and ignores the notification.
    expect(shop.closed.filter((c) => c.sessionId === sessionId)).toEqual([
      { sessionId, reason: 'End' },
    ]);
  });

  it('sends the dialled segments as the first text', async () => {
    const { sessionId } = await walk('africastalking', [], { segments: '*5' });
    expect(ofSession(shop.requests, sessionId).map((r) => r.fields)).toEqual([
      expect.objectContaining({ serviceCode: `*384*${CODES.africastalking}#`, text: '5' }),
    ]);
  });

  it('notifies Incomplete when the phone hangs up, and the app closes with Abandon', async () => {
    const { sessionId } = await walk('africastalking', ['1']);
    await sandbox.cancel(sessionId);
    await vi.waitFor(() => expect(ofSession(shop.notifications, sessionId)).toHaveLength(1));
    expect(ofSession(shop.notifications, sessionId)[0]?.fields).toMatchObject({
      status: 'Incomplete',
      input: '1',
      lastAppResponse: 'CON Amount (NGN)?',
      hopsCount: '2',
    });
    await vi.waitFor(() =>
      expect(shop.closed.filter((c) => c.sessionId === sessionId)).toEqual([
        { sessionId, reason: 'Abandon' },
      ]),
    );
  });

  it('ends an unanswered session at 120 s, bills it as a native one, and the app closes with Timeout', async () => {
    const at = await walk('africastalking', ['1']);
    const native = await walk('native', ['1']);
    await sandbox.advance(121);
    const report = await sandbox.report(at.sessionId);
    expect(report).toMatchObject({ open: false, closeReason: 'Timeout', ticks: 6, fee: 12 });
    const nativeReport = await sandbox.report(native.sessionId);
    expect({ ticks: report.ticks, fee: report.fee }).toEqual({
      ticks: nativeReport.ticks,
      fee: nativeReport.fee,
    });
    await vi.waitFor(() => expect(ofSession(shop.notifications, at.sessionId)).toHaveLength(1));
    expect(ofSession(shop.notifications, at.sessionId)[0]?.fields).toMatchObject({
      status: 'Incomplete',
      durationInMillis: '120000',
      cost: 'NGN 12.0000',
    });
    await vi.waitFor(() =>
      expect(shop.closed.filter((c) => c.sessionId === at.sessionId)).toEqual([
        { sessionId: at.sessionId, reason: 'Timeout' },
      ]),
    );
    const history = await sandbox.history('shop-dev');
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sessionId: at.sessionId, ticks: 6, fee: 12 }),
      ]),
    );
  });
});

describe("an Africa's Talking app that answers what the protocol cannot show", () => {
  const answers: Record<string, () => Response> = {
    plain: () => new Response('Hello there', { headers: { 'content-type': 'text/plain' } }),
    failing: () => new Response('boom', { status: 500 }),
    continued: () => new Response('CON Pick one\n1. Go'),
  };
  let bad: Awaited<ReturnType<typeof serveHono>>;
  const notified: Record<string, string>[] = [];

  beforeAll(async () => {
    const server = new Hono();
    server.post('/:kind', async (c) => {
      const fields = Object.fromEntries(new URLSearchParams(await c.req.text()));
      if ('status' in fields) {
        notified.push(fields);
        return new Response('OK');
      }
      const answer = answers[c.req.param('kind')];
      return answer === undefined ? new Response('no such app', { status: 404 }) : answer();
    });
    bad = await serveHono(server);
    for (const [index, kind] of Object.keys(answers).entries()) {
      const created = await sandbox.call('POST', '/sandbox/apps', {
        clientId: 'shop-dev',
        appId: `bad-${kind}`,
        appCode: String(81 + index),
        url: `${bad.base}/${kind}`,
        protocol: 'africastalking',
        notificationsUrl: `${bad.base}/${kind}`,
      });
      expect(created.status).toBe(201);
    }
  });

  afterAll(async () => {
    await bad?.close();
  });

  it.each([
    ['plain', '81', /answered a body that starts "Hello there": answer text\/plain "CON <screen>"/],
    ['failing', '82', /answered 500 \("boom"\): an HTTP error ends the session/],
  ])('ends the session on a %s answer, with the error on the phone', async (kind, code, why) => {
    const first = await sandbox.dial(`*384*${code}#`, '08031234567');
    expect(first).toMatchObject({
      open: false,
      screen: 'Service temporarily unavailable. Please try again later.',
    });
    const report = await sandbox.report(first.sessionId);
    expect(report).toMatchObject({ abortReason: 'UnexpectedUssdAppResponse' });
    expect(report.abortMessage).toMatch(why);
    expect(report.abortMessage).toContain(`${bad.base}/${kind}`);
    await vi.waitFor(() =>
      expect(notified.filter((n) => n.sessionId === first.sessionId)).toEqual([
        expect.objectContaining({
          status: 'Failed',
          errorMessage: report.abortMessage,
          lastAppResponse: kind === 'plain' ? 'Hello there' : 'boom',
        }),
      ]),
    );
  });

  it("refuses a push to an Africa's Talking app: the protocol has none", async () => {
    const pushed = await sandbox.push(
      { clientId: 'shop-dev', clientSecret: 'shop-secret' },
      { appId: 'bad-continued', msisdn: '08031234567', contextData: '' },
    );
    expect(pushed).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST', message: expect.stringContaining('which has no push') },
    });
  });
});

describe("what an Africa's Talking app cannot be part of", () => {
  let redirecting: TestApp;

  beforeAll(async () => {
    redirecting = await startTestApp((event) =>
      event === 'new' ? command({ type: 'Redirect', destinationAppId: 'shop-at' }) : undefined,
    );
    const created = await sandbox.call('POST', '/sandbox/apps', {
      clientId: 'shop-dev',
      appId: 'redirecting',
      appCode: '91',
      url: redirecting.url,
    });
    expect(created.status).toBe(201);
    const unreachable = await sandbox.call('POST', '/sandbox/apps', {
      clientId: 'shop-dev',
      appId: 'unreachable-at',
      appCode: '92',
      url: 'http://127.0.0.1:9/at?secret=zz-secret',
      protocol: 'africastalking',
    });
    expect(unreachable.status).toBe(201);
  });

  afterAll(async () => {
    await redirecting?.close();
    expect(redirecting?.violations ?? []).toEqual([]);
  });

  it("aborts a native app's Redirect into it, and sends it nothing", async () => {
    const before = shop.requests.length;
    const first = await sandbox.dial('*384*91#', '08031234567');
    expect(first.open).toBe(false);
    const report = await sandbox.report(first.sessionId);
    expect(report).toMatchObject({ abortReason: 'InternalError' });
    expect(report.abortMessage).toContain('protocol "africastalking", which has no redirect');
    expect(shop.requests.length).toBe(before);
    expect(ofSession(shop.notifications, first.sessionId)).toEqual([]);
  });

  it('names an unreachable app by its URL without the query that holds its secret', async () => {
    const first = await sandbox.dial('*384*92#', '08031234567');
    const report = await sandbox.report(first.sessionId);
    expect(report).toMatchObject({ abortReason: 'InternalError' });
    expect(report.abortMessage).toContain('Could not reach the app at http://127.0.0.1:9/at?…');
    expect(JSON.stringify(report)).not.toContain('zz-secret');
  });
});

describe("registering an Africa's Talking app", () => {
  it('answers the protocol and the notifications URL, and refuses what does not fit', async () => {
    const created = await sandbox.call('POST', '/sandbox/apps', {
      clientId: 'shop-dev',
      appId: 'reg-at',
      url: 'http://127.0.0.1:9/at',
      protocol: 'africastalking',
    });
    expect(created).toMatchObject({
      status: 201,
      body: { appId: 'reg-at', protocol: 'africastalking', url: 'http://127.0.0.1:9/at' },
    });
    expect(created.body).not.toHaveProperty('notificationsUrl');

    const refusals: [unknown, string][] = [
      [{ protocol: 'soap' }, 'protocol'],
      [{ protocol: 'africastalking', notificationsUrl: 'ftp://x' }, 'notificationsUrl'],
      [{ notificationsUrl: 'http://127.0.0.1:9/events' }, 'notificationsUrl'],
    ];
    for (const [fields, field] of refusals) {
      const refused = await sandbox.call('POST', '/sandbox/apps', {
        clientId: 'shop-dev',
        url: 'http://127.0.0.1:9/at',
        ...(fields as object),
      });
      expect(refused).toMatchObject({
        status: 400,
        body: { code: 'BAD_REQUEST', message: expect.stringContaining(`${field}:`) },
      });
    }

    const patched = await sandbox.call('PATCH', '/sandbox/apps/reg-at', {
      url: 'http://127.0.0.1:9/at?secret=reg-s3cret',
      notificationsUrl: 'http://127.0.0.1:9/events?secret=reg-s3cret',
    });
    // The secret in the query is the developer's: shown only to the developer's credentials.
    expect(patched.body).toMatchObject({
      url: 'http://127.0.0.1:9/at?…',
      notificationsUrl: 'http://127.0.0.1:9/events?…',
    });
    const anonymous = await sandbox.call('GET', '/sandbox/apps/reg-at');
    expect(JSON.stringify(anonymous.body)).not.toContain('reg-s3cret');
    const own = await sandbox.call('GET', '/sandbox/apps/reg-at', undefined, {
      'x-client-id': 'shop-dev',
      'x-client-secret': 'shop-secret',
    });
    expect(own.body).toMatchObject({
      url: 'http://127.0.0.1:9/at?secret=reg-s3cret',
      notificationsUrl: 'http://127.0.0.1:9/events?secret=reg-s3cret',
    });
    const native = await sandbox.call('PATCH', '/sandbox/apps/reg-at', { protocol: 'native' });
    expect(native).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('notificationsUrl:') },
    });
    const both = await sandbox.call('PATCH', '/sandbox/apps/reg-at', {
      protocol: 'native',
      notificationsUrl: null,
    });
    expect(both).toMatchObject({ status: 200 });
    expect(both.body).not.toHaveProperty('protocol');
  });
});

describe("the terminal phone with an Africa's Talking app", () => {
  it('walks the flow, an input holding * included, to the END screen', async () => {
    const dial = `*384*${CODES.africastalking}#`;
    const { outcome, text } = await dialWith({ baseUrl: sandbox.url, dial }, [
      '1',
      '100',
      'INV*42#',
    ]);
    expect(outcome).toMatchObject({ exitCode: 0, closeReason: 'End' });
    expect(text).toContain('│ Duka');
    expect(text).toContain('> INV*42#\n┌');
    expect(text).toContain('│ Sent NGN 100 with reference    │\n│ INV*42#.');
    expect(text.endsWith('Session closed: End (1 tick, NGN 2).\n')).toBe(true);
  });
});
