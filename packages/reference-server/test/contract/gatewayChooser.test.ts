/**
 * The ChooserView rules, over HTTP against a freshly started sandbox; the app's received
 * requests are counted to show that a retry never calls it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { show, startTestApp, type TestApp } from './gatewayHarness';
import { type SandboxUnderTest, startSandboxUnderTest } from './sandboxHarness';

const PHONE = '08031234567';
const MENU = {
  type: 'ChooserView',
  title: 'Menu',
  items: [
    { accessKey: '1', label: 'Airtime' },
    { accessKey: 'A', label: 'Data' },
  ],
};
const RETRY = 'Invalid choice. Try again.\nMenu\n1. Airtime\nA. Data';

describe('gateway: ChooserView input', () => {
  let app: TestApp;
  let sandbox: SandboxUnderTest;

  beforeAll(async () => {
    app = await startTestApp((event, body) =>
      event === 'new'
        ? show(MENU, 'menu')
        : event === 'continue'
          ? show({ type: 'InfoView', message: `Chose ${body.result.value}` })
          : undefined,
    );
    sandbox = await startSandboxUnderTest({
      developers: [{ clientId: 'dev', clientSecret: 'dev-secret' }],
      apps: [{ appId: 'menu-app', clientId: 'dev', appCode: '5', url: app.url }],
    });
  });

  beforeEach(() => {
    app.received.length = 0;
  });

  afterAll(async () => {
    await sandbox.close();
    await app.close();
    expect(app.violations).toEqual([]);
  });

  // spec, ChooserView rules: "The customer must enter text equal to one accessKey. On invalid
  // input the service asks the customer to retry without calling the application."
  it.each([' 1', '1 ', ' 1 ', '01', '', 'a', ' A'])(
    'input %j is not equal to an accessKey: the phone is asked again and the app is not called',
    async (text) => {
      const first = await sandbox.dial('*384*5#', PHONE);
      expect(app.received).toHaveLength(1);
      const retry = await sandbox.input(first.sessionId, text);
      expect(retry).toEqual({ sessionId: first.sessionId, screen: RETRY, open: true });
      expect(app.received).toHaveLength(1);
      const report = await sandbox.report(first.sessionId);
      expect(report.transcript.at(-1)).toMatchObject({ from: 'gateway', text: `screen: ${RETRY}` });
      await sandbox.cancel(first.sessionId);
    },
  );

  // spec, ChooserView rules: "The application receives only the chosen accessKey, as an
  // InputResult."; "continue": "InputResult | value (string) | ... for a chooser view, the
  // accessKey of the chosen item"
  it.each(['1', 'A'])(
    'input %j equal to an accessKey goes to the app as InputResult',
    async (key) => {
      const first = await sandbox.dial('*384*5#', PHONE);
      await sandbox.input(first.sessionId, ` ${key}`);
      const chosen = await sandbox.input(first.sessionId, key);
      expect(chosen).toEqual({ sessionId: first.sessionId, screen: `Chose ${key}`, open: false });
      await vi.waitFor(() =>
        expect(app.received.map((entry) => entry.event)).toEqual(['new', 'continue', 'close']),
      );
      expect(app.received[1]?.body).toMatchObject({
        result: { type: 'InputResult', value: key },
        contextData: 'menu',
      });
    },
  );

  // spec, Errors 7: "Invalid chooser input is not an error for the application. The service
  // asks the customer again."
  it('asks again as often as the input is invalid, and never aborts for it', async () => {
    const first = await sandbox.dial('*384*5#', PHONE);
    for (const text of ['9', ' 1', 'x', '1.']) {
      expect((await sandbox.input(first.sessionId, text)).screen).toBe(RETRY);
    }
    expect(app.received.map((entry) => entry.event)).toEqual(['new']);
    expect(await sandbox.report(first.sessionId)).toMatchObject({ open: true });
    await sandbox.cancel(first.sessionId);
  });

  // spec, Views: "ChooserView | title (string); items ...; separator (string, optional, a default
  // is used when absent) | rendered as the title line followed by one line per item,
  // `<accessKey><separator><label>`"
  it('renders the title line, then one <accessKey><separator><label> line per item', async () => {
    const first = await sandbox.dial('*384*5#', PHONE);
    expect(first.screen).toBe('Menu\n1. Airtime\nA. Data');
    await sandbox.cancel(first.sessionId);
    const answer = app.handler;
    app.handler = (event, body) =>
      event === 'new' ? show({ ...MENU, separator: ' - ' }) : answer(event, body);
    try {
      const second = await sandbox.dial('*384*5#', PHONE);
      expect(second.screen).toBe('Menu\n1 - Airtime\nA - Data');
      await sandbox.cancel(second.sessionId);
    } finally {
      app.handler = answer;
    }
  });

  // spec, Limits 5: "ChooserView: at least 1 item, accessKeys unique." with Errors 8: "An
  // application response that is malformed or unexpected leads to an abort with
  // UnexpectedUssdAppResponse."
  it.each([
    ['no item', { ...MENU, items: [] }],
    [
      'duplicate accessKeys',
      {
        ...MENU,
        items: [
          { accessKey: '1', label: 'Airtime' },
          { accessKey: '1', label: 'Data' },
        ],
      },
    ],
  ])('a chooser with %s aborts with UnexpectedUssdAppResponse', async (_name, view) => {
    const answer = app.handler;
    app.handler = (event, body) => (event === 'new' ? show(view, 'bad') : answer(event, body));
    try {
      const first = await sandbox.dial('*384*5#', PHONE);
      expect(first.open).toBe(false);
      expect(app.received.at(-1)).toMatchObject({
        event: 'abort',
        body: { reason: { type: 'UnexpectedUssdAppResponse' } },
      });
    } finally {
      app.handler = answer;
    }
  });
});
