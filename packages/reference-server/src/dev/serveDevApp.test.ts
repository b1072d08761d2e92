import { request as httpRequest } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureRouterErrors } from './captureRouterErrors';
import type { DevApp } from './DevApp';
import { type DevServer, serveDevApp } from './serveDevApp';

const TOKEN = 'sbx-dev-token-of-this-run';
const APP_TOKEN = 'the-apps-own-token';
const capture = captureRouterErrors();

/** A request to the dev server, its body written but never ended unless `end`. */
function send(
  url: string,
  options: { headers?: Record<string, string>; body?: string; end?: boolean; path?: string },
) {
  const target = new URL(url);
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>(
    (resolve, reject) => {
      const req = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: 'POST',
          path: `${target.pathname}${options.path ?? '/ussdSessionEvent/new'}`,
          headers: { 'content-type': 'application/json', ...options.headers },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        },
      );
      req.on('error', reject);
      if (options.body !== undefined) req.write(options.body);
      if (options.end !== false) req.end();
    },
  );
}

describe('serveDevApp', () => {
  let calls: string[];
  let notices: string[];
  let server: DevServer;
  const app: DevApp = {
    async handle({ path, body, headers }) {
      calls.push(path);
      if (headers.authorization !== APP_TOKEN) return { status: 401 };
      if (path.endsWith('/close')) return { status: 204 };
      return {
        status: 200,
        headers: { 'Ussdkit-Input': 'secret' },
        body: {
          action: { type: 'ShowView', view: { type: 'InputView', message: `PIN? ${body.length}` } },
          contextData: '',
        },
      };
    },
  };

  beforeEach(async () => {
    calls = [];
    notices = [];
    server = await serveDevApp({
      current: () => app,
      host: '127.0.0.1',
      authToken: TOKEN,
      appToken: APP_TOKEN,
      notice: (text) => notices.push(text),
      capture,
      onErrors: async () => {},
    });
  });
  afterEach(() => server.close());

  it('refuses a missing or wrong token, before reading a body that never ends, and keeps nothing', async () => {
    for (const headers of [{}, { authorization: 'demo-token' }, { authorization: `${TOKEN}x` }]) {
      const refused = await send(server.url, { headers, body: '{"sessionId":"s', end: false });
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.text)).toEqual({
        code: 'UNAUTHORIZED',
        message:
          'the Authorization header is not the token ussdkit dev gave its sandbox: only that sandbox may call this app server',
      });
    }
    const big = JSON.stringify({ sessionId: 'x'.repeat(20 * 1024), input: { type: 'Dial' } });
    for (let i = 0; i < 100; i += 1) {
      expect(
        (await send(server.url, { headers: { authorization: 'demo-token' }, body: big })).status,
      ).toBe(401);
    }
    expect(server.sessions).toBe(0);
    expect(calls).toEqual([]);
  });

  it('refuses a Host the allow-list does not name (DNS rebinding), token or not', async () => {
    const refused = await send(server.url, {
      headers: { host: 'evil.example:4000', authorization: TOKEN },
      body: '{',
      end: false,
    });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toMatchObject({ code: 'HOST_NOT_ALLOWED' });
    expect(JSON.parse(refused.text).message).toMatch(
      /^Host "evil\.example:4000" is not a name of the app server of ussdkit dev/,
    );
    expect(calls).toEqual([]);
  });

  it("serves the sandbox's requests with the app's own token: pins a session on new, forgets it on close, passes the app's headers on", async () => {
    const headers = { authorization: TOKEN };
    const answered = await send(server.url, { headers, body: '{"sessionId":"s1"}' });
    expect(answered.status).toBe(200);
    expect(answered.headers['ussdkit-input']).toBe('secret');
    expect(server.sessions).toBe(1);
    const closed = await send(server.url, {
      headers,
      body: '{"sessionId":"s1"}',
      path: '/ussdSessionEvent/close',
    });
    expect(closed.status).toBe(204);
    expect(server.sessions).toBe(0);
    expect(calls).toEqual(['/ussdSessionEvent/new', '/ussdSessionEvent/close']);
    expect(notices).toEqual([]);
  });

  it('says how to fix it when the app refuses the token it is handed', async () => {
    const other = await serveDevApp({
      current: () => app,
      host: '127.0.0.1',
      authToken: TOKEN,
      appToken: 'demo-token',
      notice: (text) => notices.push(text),
      capture,
      onErrors: async () => {},
    });
    try {
      const refused = await send(other.url, { headers: { authorization: TOKEN }, body: '{}' });
      expect(refused.status).toBe(401);
      expect(notices).toEqual([
        "ussdkit dev: the app answered 401 to the token it is handed (--auth-token, demo-token by default): start dev with --auth-token set to the app's authToken.",
      ]);
    } finally {
      await other.close();
    }
  });

  it('answers 413 for a body over the limit and 404 off the app path', async () => {
    const headers = { authorization: TOKEN };
    const huge = await send(server.url, { headers, body: 'x'.repeat(65 * 1024) });
    expect(huge.status).toBe(413);
    const off = await send(server.url.replace(/\/ussd$/, ''), { headers, path: '/elsewhere' });
    expect(off.status).toBe(404);
    expect(calls).toEqual([]);
  });
});
