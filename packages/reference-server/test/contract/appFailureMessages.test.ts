/**
 * The sentence that explains an app failure, over HTTP against the whole sandbox: in the session
 * report (`abortMessage`), in its transcript, and in the sandbox's log. The app with a token is a
 * real `@ussdkit/router` app served with `@hono/node-server`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../src/index';
import { type RouterApp, startRouterApp } from '../helpers/routerApp';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { unreachableUrl } from './gatewayHarness';

const ABORTED = 'Service temporarily unavailable. Please try again later.';
/** The token the app checks, and the different one the sandbox has registered. */
const APP_TOKEN = 'token-the-app-expects';
const SANDBOX_TOKEN = 'token-the-sandbox-sends';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary report fields
type Report = any;

describe('app failures explained', () => {
  let router: RouterApp;
  let invalid: TestApp;
  let down: string;
  let sandbox: RunningSandbox;
  const log: string[] = [];

  beforeAll(async () => {
    router = await startRouterApp({ authToken: APP_TOKEN });
    invalid = await startTestApp(() => ({
      action: { type: 'ShowView', view: { type: 'MenuView', message: 'Hi' } },
    }));
    down = await unreachableUrl();
    const app = (appId: string, appCode: string, url: string, authToken?: string) => ({
      appId,
      clientId: 'dev',
      appCode,
      url,
      ...(authToken === undefined ? {} : { authToken }),
    });
    sandbox = await startSandbox({
      port: 0,
      log: (line) => log.push(line),
      config: {
        developers: [{ clientId: 'dev', clientSecret: 'dev-secret' }],
        apps: [
          app('token-app', '1', router.url, SANDBOX_TOKEN),
          app('no-token-app', '2', router.url),
          app('down-app', '3', down),
          app('invalid-app', '4', invalid.url),
        ],
      },
    });
  });

  afterAll(async () => {
    await sandbox?.close();
    await router?.close();
    await invalid?.close();
  });

  async function call(method: string, path: string, body?: unknown): Promise<Report> {
    const response = await fetch(`${sandbox.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status, `${method} ${path}`).toBe(200);
    return response.json();
  }

  /** Dials `code`, expects the abort screen, and answers the session report. */
  async function dialAborted(code: string): Promise<Report> {
    const answer = await call('POST', '/sandbox/sessions', { msisdn: '08031234567', dial: code });
    expect(answer).toMatchObject({ screen: ABORTED, open: false });
    return call('GET', `/sandbox/sessions/${answer.sessionId}`);
  }

  /** The report's sentence is the transcript's and the log's, word for word. */
  function expectExplainedEverywhere(report: Report) {
    expect(report.transcript).toContainEqual(
      expect.objectContaining({
        from: 'gateway',
        text: `${report.abortReason}: ${report.abortMessage}`,
      }),
    );
    expect(log).toContain(
      `[sandbox] session ${report.sessionId} of app ${report.appId} aborted (${report.abortReason}): ${report.abortMessage}`,
    );
  }

  it('a wrong token: names the URL, the event, the app and both ways to fix it, never the token', async () => {
    const report = await dialAborted('*384*1#');
    expect(report.abortReason).toBe('UnexpectedUssdAppResponse');
    expect(report.abortMessage).toBe(
      `The app at ${router.url} answered 401 to /ussdSessionEvent/new: the token does not match. The sandbox sends app token-app's authToken as the Authorization header; make the app's authToken option equal it, or change the app's token with PATCH /sandbox/apps/token-app {"authToken": ...}.`,
    );
    expectExplainedEverywhere(report);
    expect(JSON.stringify(report)).not.toContain(SANDBOX_TOKEN);
    expect(log.join('\n')).not.toContain(SANDBOX_TOKEN);

    // Doing what the sentence says fixes it.
    await call('PATCH', '/sandbox/apps/token-app', { authToken: APP_TOKEN });
    const fixed = await call('POST', '/sandbox/sessions', {
      msisdn: '08031234567',
      dial: '*384*1#',
    });
    expect(fixed).toMatchObject({ screen: 'Hello from the router', open: false });
  });

  it('no token registered for an app that wants one: names the token the sandbox generated', async () => {
    const report = await dialAborted('*384*2#');
    expect(report.abortMessage).toBe(
      `The app at ${router.url} answered 401 to /ussdSessionEvent/new: the token does not match. App no-token-app was registered without an authToken, so the sandbox generated one and sends it as the Authorization header (the 201 answer of POST /sandbox/apps has it, and ussdkit-sandbox prints it at start for an app of its --config file); make the app's authToken option equal it, or set the token you choose with PATCH /sandbox/apps/no-token-app {"authToken": ...}.`,
    );
    expectExplainedEverywhere(report);
  });

  it('an unreachable app: names the full event URL, the refusal and how to change the URL', async () => {
    const report = await dialAborted('*384*3#');
    expect(report.abortReason).toBe('InternalError');
    expect(report.abortMessage).toBe(
      `Could not reach the app at ${down}/ussdSessionEvent/new: connection refused. Is it running? (app down-app, change its URL with PATCH /sandbox/apps/down-app {"url": ...})`,
    );
    expectExplainedEverywhere(report);
  });

  it('an invalid answer: names the URL, the field with its path and what was expected', async () => {
    const report = await dialAborted('*384*4#');
    expect(report.abortReason).toBe('UnexpectedUssdAppResponse');
    expect(report.abortMessage).toBe(
      `The app at ${invalid.url} answered /ussdSessionEvent/new with an invalid session command: action.view.type is "MenuView", expected one of "InputView", "ChooserView", "InfoView".`,
    );
    expectExplainedEverywhere(report);
  });
});
