import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ClientOptions, ConnectionError, TimeoutError, UssdkitClient } from '../index';
import { connectionFailure } from './connectionFailure';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A loopback URL where nothing listens any more. */
let closedUrl: string;
/** A server that takes requests and never answers them. */
let silent: Server;
let silentUrl: string;
const clients: UssdkitClient[] = [];

beforeAll(async () => {
  const closed = createServer();
  closedUrl = await listen(closed);
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  silent = createServer(() => {});
  silentUrl = await listen(silent);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
afterAll(async () => {
  silent.closeAllConnections();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

describe.each(['fetch', 'undici'] as const)(
  'connection errors on the %s transport',
  (transport) => {
    function client(options: Pick<ClientOptions, 'baseUrl'> & Partial<ClientOptions>) {
      const made = new UssdkitClient({
        clientId: 'demo-client',
        clientSecret: 'demo-secret',
        transport,
        maxRetries: 0,
        ...options,
      });
      clients.push(made);
      return made;
    }

    it('a closed port: ConnectionError naming the method, the URL and the refusal', async () => {
      const error = await client({ baseUrl: `${closedUrl}/` })
        .clientInfo.get()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error).not.toBeInstanceOf(TimeoutError);
      expect(error).toMatchObject({
        code: 'CONNECTION_ERROR',
        method: 'GET',
        url: `${closedUrl}/client/info`,
        message: `Could not connect to ${closedUrl} (GET /client/info): connection refused. Is the service running at baseUrl?`,
      });
      expect((error as Error).cause).toBeInstanceOf(Error);
    });

    it('keeps a path prefix of baseUrl in the URL', async () => {
      const error = await client({ baseUrl: `${closedUrl}/api` })
        .acquire.status('op-1')
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        method: 'GET',
        url: `${closedUrl}/api/v1/acquire/status?operationId=op-1`,
        message: `Could not connect to ${closedUrl}/api (GET /v1/acquire/status?operationId=op-1): connection refused. Is the service running at baseUrl?`,
      });
    });

    it('no answer in time: TimeoutError naming the URL and the time limit', async () => {
      const error = await client({ baseUrl: silentUrl, timeoutMs: 50 })
        .clientInfo.get()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TimeoutError);
      expect(error).toMatchObject({
        code: 'TIMEOUT',
        method: 'GET',
        url: `${silentUrl}/client/info`,
        timeoutMs: 50,
        message: `No answer from ${silentUrl} (GET /client/info) within 50 ms (timeoutMs). Is the service running at baseUrl? If it is only slow, raise timeoutMs for the client or the call.`,
      });
      expect((error as Error).cause).toBeDefined();
    });
  },
);

describe('connectionFailure', () => {
  const request = {
    baseUrl: 'http://service.test',
    method: 'POST',
    path: '/v1/acquire/product',
    timeoutMs: 1000,
    operationId: 'op-7',
  };

  it("finds the socket error inside fetch's wrapper and an AggregateError of addresses", () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:80'), {
      code: 'ECONNREFUSED',
    });
    const wrapped = new TypeError('fetch failed', { cause: new AggregateError([refused]) });
    const error = connectionFailure(request, wrapped, false);
    expect(error.message).toBe(
      'Could not connect to http://service.test (POST /v1/acquire/product): connection refused. Is the service running at baseUrl?',
    );
    expect(error).toMatchObject({ operationId: 'op-7', cause: wrapped });
  });

  it('falls back on the innermost message for an error it has no words for', () => {
    const odd = new TypeError('fetch failed', { cause: new Error('unknown scheme') });
    expect(connectionFailure(request, odd, false).message).toContain(
      '(POST /v1/acquire/product): unknown scheme. Is the service',
    );
    expect(connectionFailure(request, 'down', false).message).toContain('): down. Is the');
  });
});
