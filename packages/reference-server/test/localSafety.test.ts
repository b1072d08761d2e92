/**
 * A sandbox that is safe to leave running (docs/security.md): the Host allow-list (DNS
 * rebinding), Origin and Content-Type on the sandbox API's writes (cross-site pages and forms),
 * and no secret in an answer that asks for no credentials. Over HTTP against a freshly started
 * sandbox, with forged `Host` and `Origin` headers and `text/plain` bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, demoConfig, type RunningSandbox, startSandbox } from '../src/index';
import { type RawAnswer, rawRequest } from './helpers/rawRequest';
import { startTestApp, type TestApp } from './helpers/testApp';

let sandbox: RunningSandbox;
let app: TestApp;
let port: number;
const demo = { 'x-client-id': DEMO.clientId, 'x-client-secret': DEMO.clientSecret };
const json = { 'content-type': 'application/json' };

const send = (
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<RawAnswer> =>
  rawRequest(`${sandbox.url}${path}`, {
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body === undefined
      ? {}
      : { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
  });

/** The demo developer's balance, read without credentials. */
const balance = async () =>
  ((await send('/sandbox/developers/demo-client')).body as { balance: number }).balance;

beforeAll(async () => {
  app = await startTestApp('Hello');
  const config = demoConfig();
  config.apps.push({
    appId: 'plain-app',
    clientId: DEMO.clientId,
    appCode: '2',
    url: app.url,
    // No authToken: the sandbox generates one that only the developer may read back.
  } as (typeof config.apps)[number]);
  config.allowedHosts.push('configured.example');
  sandbox = await startSandbox({
    port: 0,
    quiet: true,
    config,
    allowedHosts: ['sandbox', '.tunnel.example'],
  });
  port = sandbox.port;
});

afterAll(async () => {
  await sandbox.close();
  await app.close();
});

describe('the Host allow-list (DNS rebinding)', () => {
  it.each([
    'localhost',
    'localhost:PORT',
    '127.0.0.1:PORT',
    '[::1]:PORT',
    'localhost.:PORT',
    'sandbox:PORT',
    'configured.example',
    'tunnel.example:PORT',
    'a.b.tunnel.example:443',
  ])('answers Host %s', async (host) => {
    const answer = await send('/health', { headers: { host: host.replace('PORT', String(port)) } });
    expect(answer).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it.each([
    ['GET', '/health'],
    ['GET', '/'],
    ['GET', '/sandbox/developers/demo-client'],
    ['GET', '/client/info'],
    ['POST', '/sandbox/clock/advance'],
  ])(
    'refuses %s %s with a forged Host: 403 HOST_NOT_ALLOWED naming the option',
    async (method, path) => {
      for (const host of [
        'evil.example:PORT',
        'eviltunnel.example',
        'sandbox.evil.example',
        '192.168.1.20',
      ]) {
        const answer = await send(path, {
          method,
          headers: { ...demo, ...json, host: host.replace('PORT', String(port)) },
          ...(method === 'POST' ? { body: { seconds: 3600 } } : {}),
        });
        expect(answer.status).toBe(403);
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
        expect(answer.body).toEqual({
          code: 'HOST_NOT_ALLOWED',
          message: expect.stringContaining('--allowed-hosts'),
        });
        expect((answer.body as { message: string }).message).toContain('"allowedHosts"');
      }
    },
  );

  it('names the host to allow in the message', async () => {
    const answer = await send('/health', { headers: { host: `rebind.example:${port}` } });
    expect((answer.body as { message: string }).message).toMatch(
      /^Host "rebind\.example:\d+" is not a name of this sandbox: .* --allowed-hosts rebind\.example, "allowedHosts": \["rebind\.example"\] in the configuration file, or startSandbox\(\{ allowedHosts: \["rebind\.example"\] \}\)/,
    );
  });

  it('refuses a bad allowedHosts entry at start, naming it', async () => {
    await expect(
      startSandbox({ port: 0, quiet: true, allowedHosts: ['http://sandbox:4000'] }),
    ).rejects.toThrow(
      /Invalid allowedHosts: 0: must be a host name such as "sandbox", ".example.com" or "192.168.1.20", without scheme, port or path/,
    );
  });
});

describe('writes to the sandbox API: Origin and Content-Type (cross-site pages and forms)', () => {
  it('refuses a write from a page of another origin: 403 ORIGIN_NOT_ALLOWED, nothing changed', async () => {
    const before = await balance();
    for (const origin of ['http://evil.example', `http://localhost:${port + 1}`, 'null']) {
      const answer = await send('/sandbox/developers/demo-client', {
        method: 'PATCH',
        headers: { ...json, origin },
        body: { balance: 1 },
      });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({
        code: 'ORIGIN_NOT_ALLOWED',
        message: expect.stringContaining('the sandbox API takes writes only from its own pages'),
      });
    }
    expect(await balance()).toBe(before);
  });

  it('takes a write from its own pages (same origin) and from clients that send no Origin', async () => {
    const own = await send('/sandbox/clock/advance', {
      method: 'POST',
      headers: { ...json, origin: `http://127.0.0.1:${port}` },
      body: { seconds: 0 },
    });
    expect(own.status).toBe(200);
    const viaLocalhost = await send('/sandbox/clock/advance', {
      method: 'POST',
      headers: { ...json, host: `localhost:${port}`, origin: `http://localhost:${port}` },
      body: { seconds: 0 },
    });
    expect(viaLocalhost.status).toBe(200);
    const tool = await send('/sandbox/clock/advance', {
      method: 'POST',
      headers: json,
      body: { seconds: 0 },
    });
    expect(tool.status).toBe(200);
  });

  it('lets reads through whatever their Origin: without CORS headers a page cannot read them', async () => {
    const read = await send('/sandbox/gateway', { headers: { origin: 'http://evil.example' } });
    expect(read.status).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await send('/sandbox/developers/demo-client', {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'PATCH' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.status).toBe(404);
  });

  it.each([
    ['text/plain', '{"balance": 1}'],
    ['text/plain;charset=UTF-8', '{"balance": 1}'],
    ['application/x-www-form-urlencoded', 'balance=1'],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="balance"\r\n\r\n1\r\n--x--',
    ],
  ])(
    'refuses a %s body (what a cross-site form sends): 415, nothing changed',
    async (type, body) => {
      const before = await balance();
      const answer = await send('/sandbox/developers/demo-client', {
        method: 'PATCH',
        headers: { 'content-type': type },
        body,
      });
      expect(answer.status).toBe(415);
      expect(answer.body).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: `PATCH /sandbox/developers/demo-client needs Content-Type: application/json (it came with ${type}): send the body as JSON with that header.`,
      });
      expect(await balance()).toBe(before);
    },
  );

  it('needs JSON on every write of the sandbox API, body or not', async () => {
    const dialled = await send('/sandbox/sessions', {
      method: 'POST',
      headers: json,
      body: { msisdn: '08031234567', dial: '*384*2#' },
    });
    const { sessionId } = dialled.body as { sessionId: string };
    const bare = await send(`/sandbox/sessions/${sessionId}/cancel`, { method: 'POST' });
    expect(bare.status).toBe(415);
    expect(bare.body).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: `POST /sandbox/sessions/${sessionId}/cancel needs Content-Type: application/json (it came with none): send that header, even without a body.`,
    });
    const textDial = await send('/sandbox/sessions', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: { msisdn: '08031234567', dial: '*384*2#' },
    });
    expect(textDial.status).toBe(415);
    const cancelled = await send(`/sandbox/sessions/${sessionId}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(cancelled).toMatchObject({ status: 200, body: { sessionId, open: false } });
  });

  // spec, Service endpoints: "Bodies are JSON. Requests with a body carry `Content-Type:
  // application/json`."
  it('refuses a body that is not declared JSON on the service endpoints too', async () => {
    for (const path of ['/v1/acquire/product', '/ussd/app/push', '/merchant/payment']) {
      const answer = await send(path, {
        method: 'POST',
        headers: { ...demo, 'content-type': 'text/plain' },
        body: { operationId: 'x' },
      });
      expect(answer.status).toBe(415);
      expect(answer.body).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: expect.stringContaining(`POST ${path} needs Content-Type: application/json`),
      });
    }
    // Without a body there is nothing to declare: the endpoint's own answer.
    const empty = await send('/v1/acquire/product', { method: 'POST', headers: demo });
    expect(empty).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
  });
});

describe('no secret in an answer that asks for no credentials', () => {
  it("GET /sandbox/developers/{clientId} leaves the secret out; the developer's own credentials show it", async () => {
    const anonymous = await send('/sandbox/developers/demo-client');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toMatchObject({ clientId: DEMO.clientId, balance: expect.any(Number) });
    expect(anonymous.body).not.toHaveProperty('clientSecret');
    expect(anonymous.text).not.toContain(DEMO.clientSecret);
    const own = await send('/sandbox/developers/demo-client', { headers: demo });
    expect(own.body).toMatchObject({ clientId: DEMO.clientId, clientSecret: DEMO.clientSecret });
  });

  it("shows a new developer's secret once, in the 201, and PATCH never", async () => {
    const created = await send('/sandbox/developers', {
      method: 'POST',
      headers: json,
      body: { name: 'Once' },
    });
    expect(created.status).toBe(201);
    const { clientId, clientSecret } = created.body as { clientId: string; clientSecret: string };
    expect(clientSecret).toMatch(/^secret-[0-9a-f]{32}$/);
    const patched = await send(`/sandbox/developers/${clientId}`, {
      method: 'PATCH',
      headers: json,
      body: { clientSecret: 'rotated-secret', name: 'Twice' },
    });
    expect(patched.body).toMatchObject({ clientId, name: 'Twice' });
    expect(patched.text).not.toContain('secret');
    expect((await send(`/sandbox/developers/${clientId}`)).text).not.toContain('secret');
  });

  it("refuses wrong credentials (401) and another developer's (403), saying whose to send", async () => {
    const wrong = await send('/sandbox/developers/demo-client', {
      headers: { 'x-client-id': DEMO.clientId, 'x-client-secret': 'guess' },
    });
    expect(wrong).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    const created = await send('/sandbox/developers', { method: 'POST', headers: json, body: {} });
    const other = created.body as { clientId: string; clientSecret: string };
    const foreign = await send('/sandbox/developers/demo-client', {
      headers: { 'x-client-id': other.clientId, 'x-client-secret': other.clientSecret },
    });
    expect(foreign).toMatchObject({
      status: 403,
      body: {
        code: 'FORBIDDEN',
        message: `developer ${other.clientId} cannot read the secrets of developer demo-client: send developer demo-client's own X-Client-Id and X-Client-Secret`,
      },
    });
    expect(foreign.text).not.toContain(DEMO.clientSecret);
  });

  it('GET /sandbox/apps/{appId} shows the token of an app registered without one to its developer only, and it is the token the gateway sends', async () => {
    const anonymous = await send('/sandbox/apps/plain-app');
    expect(anonymous).toMatchObject({
      status: 200,
      body: { appId: 'plain-app', clientId: DEMO.clientId, url: app.url, shortcode: '384*2' },
    });
    expect(anonymous.body).not.toHaveProperty('authToken');
    const own = await send('/sandbox/apps/plain-app', { headers: demo });
    const { authToken } = own.body as { authToken: string };
    expect(authToken).toMatch(/^sbx-[0-9a-f-]{36}$/);
    await send('/sandbox/sessions', {
      method: 'POST',
      headers: json,
      body: { msisdn: '08031234567', dial: '*384*2#' },
    });
    expect(app.authorizations.at(-1)).toBe(authToken);
    expect((await send('/sandbox/apps/nobody', { headers: demo })).status).toBe(404);
  });

  it('registers an app with its token in the 201 only', async () => {
    const created = await send('/sandbox/apps', {
      method: 'POST',
      headers: json,
      body: { clientId: DEMO.clientId, url: app.url, appId: 'fresh-app' },
    });
    expect(created.status).toBe(201);
    const { authToken } = created.body as { authToken: string };
    const patched = await send('/sandbox/apps/fresh-app', {
      method: 'PATCH',
      headers: json,
      body: { answerTimeoutMs: 3000 },
    });
    expect(patched.text).not.toContain(authToken);
    expect((await send('/sandbox/apps/fresh-app')).text).not.toContain(authToken);
  });

  it('no read without credentials carries a secret: the demo secret and token are in none', async () => {
    const dialled = await send('/sandbox/sessions', {
      method: 'POST',
      headers: json,
      body: { msisdn: '08031234567', dial: '*384*2#' },
    });
    const { sessionId } = dialled.body as { sessionId: string };
    const reads = [
      '/',
      '/phone.js',
      '/sandboxApi.js',
      '/health',
      '/sandbox/developers/demo-client',
      '/sandbox/apps/demo-app',
      '/sandbox/apps/plain-app',
      `/sandbox/sessions/${sessionId}`,
      '/sandbox/phones/08031234567',
      '/sandbox/gateway',
      '/sandbox/callbacks',
      '/sandbox/history',
      '/no/such/route',
    ];
    for (const path of reads) {
      const answer = await send(path);
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.text, path).not.toContain(DEMO.clientSecret);
      expect(answer.text, path).not.toContain(DEMO.authToken);
      expect(answer.text, path).not.toMatch(/sbx-[0-9a-f]{8}-/);
    }
  });
});
