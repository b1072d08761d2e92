import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GatewayApp } from '../GatewayDeps';
import { judgeCommand, postEvent } from './callApp';

const app: GatewayApp = {
  appId: 'a',
  clientId: 'c',
  appCode: '1',
  url: 'http://127.0.0.1:9/ussd',
  authToken: 'app-token',
  answerTimeoutMs: 1000,
};

describe('judgeCommand', () => {
  it('accepts a 2xx session command and fills contextData', () => {
    const judged = judgeCommand(app, 'new', {
      kind: 'answered',
      status: 200,
      text: JSON.stringify({
        action: { type: 'ShowView', view: { type: 'InfoView', message: 'Hi' } },
      }),
    });
    expect(judged).toEqual({
      ok: true,
      command: {
        action: { type: 'ShowView', view: { type: 'InfoView', message: 'Hi' } },
        contextData: '',
      },
    });
  });

  it.each([
    [
      { kind: 'answered' as const, status: 404, text: '{}' },
      'UnexpectedUssdAppResponse',
      'answered 404 to /ussdSessionEvent/new',
    ],
    [
      { kind: 'answered' as const, status: 200, text: '<html>' },
      'UnexpectedUssdAppResponse',
      'a body that is not JSON (it starts "<html>")',
    ],
    [
      { kind: 'answered' as const, status: 200, text: '{"action":{}}' },
      'UnexpectedUssdAppResponse',
      'an invalid session command: action.type is missing, expected one of',
    ],
    [
      {
        kind: 'failed' as const,
        failure: { type: 'unreachable' as const, code: 'ECONNREFUSED', error: 'connect' },
      },
      'InternalError',
      'Could not reach the app at http://127.0.0.1:9/ussd/ussdSessionEvent/new: connection refused.',
    ],
  ])('judges %j as %s', (outcome, reason, message) => {
    const judged = judgeCommand(app, 'new', outcome);
    expect(judged.ok).toBe(false);
    if (!judged.ok) {
      expect(judged.reason).toBe(reason);
      expect(judged.message).toContain(message);
    }
  });
});

describe('postEvent', () => {
  let server: Server;
  let agent: Agent;
  let base: string;
  /** How the test app answers; `hang` never answers; `slowBody` sends headers, then stalls. */
  let mode: 'ok' | 'hang' | 'slowBody' | 'redirect' = 'ok';
  const seen: { url: string; port: number; auth: string | undefined; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen.push({
          url: req.url ?? '',
          port: req.socket.remotePort ?? 0,
          auth: req.headers.authorization,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        if (mode === 'hang') return;
        if (mode === 'redirect') {
          res.writeHead(302, { location: '/elsewhere' }).end();
          return;
        }
        if (mode === 'slowBody') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"action":');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ussd/`;
  });
  beforeEach(() => {
    agent = new Agent();
    mode = 'ok';
    seen.length = 0;
  });
  afterEach(async () => {
    await agent.destroy();
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const open = () => new AbortController().signal;

  it('does not call the app once the gateway is closing', async () => {
    const closing = new AbortController();
    closing.abort();
    expect(await postEvent(app, 'abort', '{}', closing.signal, agent)).toEqual({
      kind: 'failed',
      failure: { type: 'closing' },
    });
  });

  it('POSTs the JSON text with the raw token, and reuses one kept-alive connection', async () => {
    const target = { ...app, url: base, authToken: 'raw-token' };
    const first = await postEvent(target, 'new', '{"a":1}', open(), agent);
    // undici hands the connection back to its pool just after the body ends.
    await new Promise((resolve) => setImmediate(resolve));
    const second = await postEvent(target, 'continue', '{"a":2}', open(), agent);
    expect(first).toEqual({ kind: 'answered', status: 200, text: '{"ok":true}' });
    expect(second).toEqual(first);
    expect(seen.map(({ url, auth, body }) => ({ url, auth, body }))).toEqual([
      { url: '/ussd/ussdSessionEvent/new', auth: 'raw-token', body: '{"a":1}' },
      { url: '/ussd/ussdSessionEvent/continue', auth: 'raw-token', body: '{"a":2}' },
    ]);
    expect(seen[1]?.port).toBe(seen[0]?.port);
  });

  it.each(['hang', 'slowBody'] as const)(
    'gives up at the answer deadline when the app %s',
    async (how) => {
      mode = how;
      const outcome = await postEvent(
        { ...app, url: base, answerTimeoutMs: 50 },
        'new',
        '{}',
        open(),
        agent,
      );
      expect(outcome).toEqual({ kind: 'failed', failure: { type: 'timeout' } });
    },
  );

  it('answers "the gateway is closing" when the gateway closes during the call', async () => {
    mode = 'hang';
    const closing = new AbortController();
    const pending = postEvent({ ...app, url: base }, 'close', '{}', closing.signal, agent);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    closing.abort();
    expect(await pending).toEqual({ kind: 'failed', failure: { type: 'closing' } });
  });

  it('does not follow a redirect: it is a non-2xx answer', async () => {
    mode = 'redirect';
    const outcome = await postEvent({ ...app, url: base }, 'new', '{}', open(), agent);
    expect(outcome).toEqual({ kind: 'answered', status: 302, text: '' });
    expect(judgeCommand(app, 'new', outcome)).toMatchObject({
      ok: false,
      reason: 'UnexpectedUssdAppResponse',
      message: expect.stringContaining('answered 302 to /ussdSessionEvent/new'),
    });
    expect(seen).toHaveLength(1);
  });

  it('names the socket error of an unreachable app', async () => {
    const outcome = await postEvent(app, 'new', '{}', open(), agent);
    expect(outcome).toEqual({
      kind: 'failed',
      failure: {
        type: 'unreachable',
        code: 'ECONNREFUSED',
        error: 'connect ECONNREFUSED 127.0.0.1:9',
      },
    });
  });
});
