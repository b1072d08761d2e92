/**
 * What the sandbox does with an app of a provider's protocol that answers what the provider
 * cannot show, with the faults of an app, with a screen longer than the provider shows, and
 * with what the providers have no counterpart for (push, a redirect into such an app); how such
 * apps are registered; and the terminal phone dialling each (decision 0045). Over HTTP, with the
 * tiny provider apps of providers/.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialWith } from '../helpers/dialWith';
import { command, startTestApp, type TestApp } from './gatewayHarness';
import { bought, MENU, TERMS } from './providers/exampleSession';
import {
  byTitle,
  CLIENT,
  linesFrom,
  PHONE,
  type ProviderApps,
  type ProvidersWorld,
  startProvidersWorld,
  URL_SECRET,
} from './providers/providerCases';
import type { SandboxUnderTest } from './sandboxHarness';

let apps: ProviderApps;
let sandbox: SandboxUnderTest;
let world: ProvidersWorld | undefined;

beforeAll(async () => {
  world = await startProvidersWorld();
  ({ apps, sandbox } = world);
});

afterAll(async () => {
  await world?.close();
});

const UNAVAILABLE = 'Service temporarily unavailable. Please try again later.';

/** What each provider's app must copy back, as the abort names the first one missing. */
const ECHOED: Record<string, string | undefined> = {
  arkesel: 'without sessionID',
  nalo: 'without USERID',
  beem: 'without msisdn',
};

describe.each(byTitle)('an app on %s’s protocol that goes wrong', (_title, provider) => {
  const { protocol, code, title } = provider;
  const app = () => apps[protocol];

  it('aborts on an answer the provider cannot read, saying what it reads', async () => {
    const first = await sandbox.dial(`*384*${code + 30}#`, PHONE);
    expect(first).toMatchObject({ open: false, screen: UNAVAILABLE });
    const report = await sandbox.report(first.sessionId);
    expect(report).toMatchObject({ abortReason: 'UnexpectedUssdAppResponse' });
    // Infobip's requests go to a path under the app's URL: the sentence names it.
    const path = protocol === 'infobip' ? `/${first.sessionId}/start` : '';
    // The query, where the adapter's secret goes, is never written.
    expect(report.abortMessage).toContain(
      `The ${title} app at ${app().url('malformed')}${path}?… answered {"hello":"world"}: `,
    );
    expect(JSON.stringify(report)).not.toContain(URL_SECRET);
    expect(report.abortMessage).toContain(`${title} reads {`);
    expect(linesFrom(report, 'gateway')).toContain(
      `UnexpectedUssdAppResponse: ${report.abortMessage}`,
    );
  });

  it('aborts on an answer that does not copy back what the provider requires', async () => {
    const first = await sandbox.dial(`*384*${code + 20}#`, PHONE);
    const report = await sandbox.report(first.sessionId);
    const echoed = ECHOED[protocol];
    if (echoed === undefined) {
      // Hubtel and Infobip want nothing copied back: the same app goes on.
      expect(first).toMatchObject({ open: true, screen: MENU });
      await sandbox.cancel(first.sessionId);
      return;
    }
    expect(first).toMatchObject({ open: false, screen: UNAVAILABLE });
    expect(report).toMatchObject({ abortReason: 'UnexpectedUssdAppResponse' });
    expect(report.abortMessage).toContain(`answered ${echoed} (the request's was `);
    expect(report.abortMessage).toContain('copied from the request into every answer');
  });

  it(`cuts a longer screen to ${provider.screenLimit} characters, as the provider shows it`, async () => {
    const first = await sandbox.dial(`*384*${code}#`, PHONE);
    const last = await sandbox.input(first.sessionId, '3');
    expect(last).toMatchObject({ open: false, screen: TERMS.slice(0, provider.screenLimit) });
    const report = await sandbox.report(first.sessionId);
    expect(linesFrom(report, 'gateway')).toContain(
      `screen cut to its first ${provider.screenLimit} characters, as ${title} shows it (the app sent ${TERMS.length})`,
    );
  });

  it('applies the faults of the app: a duplicated request, a session cut after its first screen, a dropped answer', async () => {
    const faults = `/sandbox/apps/${protocol}-faulty/faults`;
    expect((await sandbox.call('PUT', faults, { duplicate: {} })).status).toBe(200);
    const first = await sandbox.dial(`*384*${code + 10}#`, PHONE);
    expect(first).toMatchObject({ open: true, screen: MENU });
    expect(app().of(first.sessionId)).toHaveLength(2);
    expect(app().of(first.sessionId)[1]).toEqual(app().of(first.sessionId)[0]);
    const report = await sandbox.report(first.sessionId);
    expect(report.faults).toEqual([
      expect.objectContaining({ event: 'new', kind: 'duplicate', appId: `${protocol}-faulty` }),
    ]);
    await sandbox.cancel(first.sessionId);

    expect((await sandbox.call('PUT', faults, { cut: {} })).status).toBe(200);
    const cut = await sandbox.dial(`*384*${code + 10}#`, PHONE);
    expect(cut).toMatchObject({ open: false });
    const cutReport = await sandbox.report(cut.sessionId);
    expect(cutReport).toMatchObject({ closeReason: 'Timeout' });
    // The cut session ends as a timeout does: with the provider's out-of-band end, if it has one.
    const expected = provider.end === undefined ? 1 : 2;
    await vi.waitFor(() => expect(app().of(cut.sessionId)).toHaveLength(expected));

    // A dropped answer is named as the provider's request, not as a native event's path.
    expect((await sandbox.call('PUT', faults, { dropAnswer: {} })).status).toBe(200);
    const dropped = await sandbox.dial(`*384*${code + 10}#`, PHONE);
    expect(dropped).toMatchObject({ open: false, screen: UNAVAILABLE });
    const droppedReport = await sandbox.report(dropped.sessionId);
    expect(droppedReport.abortMessage).toContain(
      `threw away the answer of ${protocol}-faulty to its ${title} request (the first of the session)`,
    );
    expect(droppedReport.abortMessage).not.toContain('/ussdSessionEvent/');
    await sandbox.call('DELETE', faults);
  });
});

describe('what an app of a provider’s protocol cannot be part of', () => {
  let redirecting: TestApp;

  beforeAll(async () => {
    redirecting = await startTestApp((event) =>
      event === 'new' ? command({ type: 'Redirect', destinationAppId: 'hubtel' }) : undefined,
    );
    const created = await sandbox.call('POST', '/sandbox/apps', {
      clientId: CLIENT,
      appId: 'redirecting',
      appCode: '99',
      url: redirecting.url,
    });
    expect(created.status).toBe(201);
  });

  afterAll(async () => {
    await redirecting?.close();
  });

  it.each(byTitle)('refuses a push to a %s app: the protocol has none', async (_title, p) => {
    const pushed = await sandbox.push(
      { clientId: CLIENT, clientSecret: 'acme-secret' },
      { appId: p.protocol, msisdn: PHONE, contextData: '' },
    );
    expect(pushed).toMatchObject({
      status: 400,
      body: {
        code: 'BAD_REQUEST',
        message: `app ${p.protocol} is registered with protocol "${p.protocol}", which has no push: only a dial starts its sessions`,
      },
    });
  });

  it("aborts a native app's Redirect into a Hubtel app, and sends it nothing", async () => {
    const before = apps.hubtel.requests.length;
    const first = await sandbox.dial('*384*99#', PHONE);
    const report = await sandbox.report(first.sessionId);
    expect(report).toMatchObject({ open: false, abortReason: 'InternalError' });
    expect(report.abortMessage).toContain('protocol "hubtel", which has no redirect');
    expect(apps.hubtel.requests.length).toBe(before);
  });
});

describe('registering an app of a provider’s protocol', () => {
  it.each(byTitle)('takes the %s protocol and answers it', async (_title, { protocol }) => {
    const created = await sandbox.call('POST', '/sandbox/apps', {
      clientId: CLIENT,
      appId: `reg-${protocol}`,
      url: 'http://127.0.0.1:9/ussd?secret=reg-s3cret',
      protocol,
    });
    expect(created).toMatchObject({
      status: 201,
      body: {
        appId: `reg-${protocol}`,
        protocol,
        url: 'http://127.0.0.1:9/ussd?secret=reg-s3cret',
      },
    });
    // The query, where the adapter's secret goes, is the developer's only.
    const anonymous = await sandbox.call('GET', `/sandbox/apps/reg-${protocol}`);
    expect(anonymous.body).toMatchObject({ protocol, url: 'http://127.0.0.1:9/ussd?…' });
    const notified = await sandbox.call('PATCH', `/sandbox/apps/reg-${protocol}`, {
      notificationsUrl: 'http://127.0.0.1:9/events',
    });
    expect(notified).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST', message: expect.stringContaining('notificationsUrl:') },
    });
  });
});

describe('the terminal phone with an app of each provider’s protocol', () => {
  it.each(byTitle)('walks the example session on %s', async (_title, { code }) => {
    const { outcome, text } = await dialWith({ baseUrl: sandbox.url, dial: `*384*${code}#` }, [
      '1',
      '500',
    ]);
    expect(outcome).toMatchObject({ exitCode: 0, closeReason: 'End' });
    expect(text).toContain('│ Welcome');
    expect(text).toContain('> 500\n┌');
    expect(text).toContain(`│ ${bought('500')}`);
    expect(text.endsWith('Session closed: End (1 tick, NGN 2).\n')).toBe(true);
  });
});
