/**
 * spec, "Endpoints implemented by the developer's application": "Each request carries an
 * `Authorization` header and a JSON body as defined under Resources." Every app of the sandbox
 * has a token: one registered without gets a generated one, answered once, in the 201 of its
 * registration. Over HTTP against a freshly started sandbox.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { command, show, startTestApp, type TestApp } from './gatewayHarness';
import { type SandboxUnderTest, startSandboxUnderTest } from './sandboxHarness';

const GENERATED = /^sbx-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PHONE = '08031234567';

describe('gateway: the Authorization header on every request', () => {
  let app: TestApp;
  let sandbox: SandboxUnderTest;

  beforeAll(async () => {
    app = await startTestApp((event, body) => {
      if (event === 'new') return show({ type: 'InputView', message: 'Name?' });
      if (event === 'continue' && body.result.value === 'bad') return { status: 500 };
      if (event === 'continue') return show({ type: 'InfoView', message: 'Bye' });
      return undefined;
    });
    sandbox = await startSandboxUnderTest({
      developers: [{ clientId: 'dev', clientSecret: 'dev-secret' }],
      // An app of the configuration file without authToken gets a generated one too.
      apps: [{ appId: 'config-app', clientId: 'dev', appCode: '9', url: app.url }],
    });
  });

  afterAll(async () => {
    await sandbox.close();
    await app.close();
    expect(app.violations).toEqual([]);
  });

  /** The Authorization headers of the requests the app got for `sessionId`, by event. */
  const headersOf = (sessionId: string) =>
    app.received
      .filter((entry) => entry.body.sessionId === sessionId)
      .map((entry) => [entry.event, entry.authorization]);

  it('an app registered without a token gets a generated one in the 201, sent on new, continue and close', async () => {
    const created = await sandbox.call('POST', '/sandbox/apps', {
      clientId: 'dev',
      url: app.url,
      appId: 'tokenless',
      appCode: '21',
    });
    expect(created).toEqual({
      status: 201,
      body: {
        appId: 'tokenless',
        clientId: 'dev',
        url: app.url,
        shortcode: '384*21',
        authToken: expect.stringMatching(GENERATED),
      },
    });
    const token = created.body.authToken;
    const first = await sandbox.dial('*384*21#', PHONE);
    await sandbox.input(first.sessionId, 'Ada');
    await vi.waitFor(() =>
      expect(headersOf(first.sessionId)).toEqual([
        ['new', token],
        ['continue', token],
        ['close', token],
      ]),
    );
  });

  it('sends the token on abort too', async () => {
    const created = await sandbox.call('POST', '/sandbox/apps', { clientId: 'dev', url: app.url });
    const first = await sandbox.dial(`*${created.body.shortcode}#`, PHONE);
    await sandbox.input(first.sessionId, 'bad');
    expect(headersOf(first.sessionId)).toEqual([
      ['new', created.body.authToken],
      ['continue', created.body.authToken],
      ['abort', created.body.authToken],
    ]);
  });

  it('generates a different token for each app, and answers a given one as given', async () => {
    const tokens = await Promise.all(
      [1, 2, 3].map(
        async () =>
          (await sandbox.call('POST', '/sandbox/apps', { clientId: 'dev', url: app.url })).body
            .authToken,
      ),
    );
    expect(new Set(tokens).size).toBe(3);
    const given = await sandbox.call('POST', '/sandbox/apps', {
      clientId: 'dev',
      url: app.url,
      authToken: 'my-own-token',
    });
    expect(given.body.authToken).toBe('my-own-token');
  });

  it('answers the token nowhere after the registration: not PATCH, the app profile, nor the session report', async () => {
    const created = await sandbox.call('POST', '/sandbox/apps', {
      clientId: 'dev',
      url: app.url,
      appId: 'secretive',
    });
    const token: string = created.body.authToken;
    const patched = await sandbox.call('PATCH', '/sandbox/apps/secretive', {
      answerTimeoutMs: 4000,
    });
    const profile = await sandbox.call('GET', '/ussd/app/secretive', undefined, {
      'x-client-id': 'dev',
      'x-client-secret': 'dev-secret',
    });
    const first = await sandbox.dial(`*${created.body.shortcode}#`, PHONE);
    const report = await sandbox.report(first.sessionId);
    expect(patched.status).toBe(200);
    expect(profile.status).toBe(200);
    for (const answer of [patched.body, profile.body, report]) {
      expect(JSON.stringify(answer)).not.toContain(token);
    }
  });

  it('refuses to remove a token (authToken: null), and keeps sending the old one', async () => {
    const created = await sandbox.call('POST', '/sandbox/apps', {
      clientId: 'dev',
      url: app.url,
      appId: 'keeper',
    });
    const refused = await sandbox.call('PATCH', '/sandbox/apps/keeper', { authToken: null });
    expect(refused).toEqual({
      status: 400,
      body: {
        code: 'BAD_REQUEST',
        message:
          'Invalid app: authToken: every app has a token, sent as the Authorization header of every request to it; give the new token instead of null',
      },
    });
    expect((await sandbox.call('PATCH', '/sandbox/apps/keeper', { authToken: '' })).status).toBe(
      400,
    );
    const first = await sandbox.dial(`*${created.body.shortcode}#`, PHONE);
    expect(headersOf(first.sessionId)).toEqual([['new', created.body.authToken]]);
    await sandbox.call('PATCH', '/sandbox/apps/keeper', { authToken: 'rotated' });
    const second = await sandbox.dial(`*${created.body.shortcode}#`, PHONE);
    expect(headersOf(second.sessionId)).toEqual([['new', 'rotated']]);
  });

  it('sends a generated token for an app of the configuration file that has none', async () => {
    const first = await sandbox.dial('*384*9#', PHONE);
    const [[, token]] = headersOf(first.sessionId) as [[string, string]];
    expect(token).toMatch(GENERATED);
  });

  it('sends each app its own token across a redirect', async () => {
    const caller = await sandbox.call('POST', '/sandbox/apps', {
      clientId: 'dev',
      url: app.url,
      appId: 'redirecting',
    });
    const destination = await sandbox.call('POST', '/sandbox/apps', {
      clientId: 'dev',
      url: app.url,
      appId: 'redirected',
    });
    const answer = app.handler;
    app.handler = (event, body) =>
      event === 'new' && body.appId === 'redirecting'
        ? command({ type: 'Redirect', destinationAppId: 'redirected' })
        : answer(event, body);
    try {
      const first = await sandbox.dial(`*${caller.body.shortcode}#`, PHONE);
      await sandbox.cancel(first.sessionId);
      expect(headersOf(first.sessionId)).toEqual([
        ['new', caller.body.authToken],
        ['new', destination.body.authToken],
        ['close', caller.body.authToken],
        ['close', destination.body.authToken],
      ]);
    } finally {
      app.handler = answer;
    }
  });
});
