import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, useMockService } from '../test/mswServer';
import { ClientConfigurationError, normalizeMsisdn, UssdkitClient, UssdkitError } from './index';

const mock = useMockService();
const { fresh } = mock;

describe('UssdkitClient', () => {
  it('rejects a base URL that is not http(s)', () => {
    expect(
      () => new UssdkitClient({ baseUrl: 'localhost:4000', clientId: 'a', clientSecret: 'b' }),
    ).toThrow('baseUrl');
  });

  it('re-exports normalizeMsisdn', () => {
    expect(normalizeMsisdn('08031234567')).toBe('+2348031234567');
  });

  it('is still intercepted by msw with connection settings (undici Agent as dispatcher)', async () => {
    fresh();
    const client = new UssdkitClient({
      baseUrl: `${baseUrl}/`,
      clientId: 'demo-client',
      clientSecret: 'demo-secret',
      connection: { keepAliveTimeoutMs: 1000, connections: 2 },
    });
    expect((await client.clientInfo.get()).name).toBe('Demo Developer');
    await client.close();
  });
});

describe('UssdkitClient over a real socket (msw passes it through) with keep-alive settings', () => {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ appId: 'a', url: 'http://x', shortcode: '384*1' }));
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends requests through the pooled agent', async () => {
    const client = new UssdkitClient({
      baseUrl: url,
      clientId: 'a',
      clientSecret: 'b',
      connection: { keepAliveTimeoutMs: 500, connections: 1, pipelining: 1 },
    });
    mock.server.use(http.all(`${url}/*`, () => passthrough()));
    expect(await client.ussd.appProfile('a')).toEqual({
      appId: 'a',
      url: 'http://x',
      shortcode: '384*1',
    });
    expect(await client.ussd.appProfile('a')).toMatchObject({ appId: 'a' });
    await client.close();
  });
});

describe('UssdkitClient options', () => {
  const base = { baseUrl: 'http://127.0.0.1:4000', clientId: 'a', clientSecret: 'b' };

  it('throws ClientConfigurationError for fetch together with transport undici', () => {
    const error = (() => {
      try {
        return new UssdkitClient({ ...base, transport: 'undici', fetch: globalThis.fetch });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ClientConfigurationError);
    expect(error).toBeInstanceOf(UssdkitError);
    expect(error).toMatchObject({ option: 'fetch', code: 'CLIENT_CONFIGURATION' });
  });

  it('throws ClientConfigurationError for an unknown transport and a bad base URL', () => {
    // A JavaScript caller (or a config file) can pass any string.
    const transport = JSON.parse('"http2"') as 'fetch';
    expect(() => new UssdkitClient({ ...base, transport })).toThrow(ClientConfigurationError);
    expect(() => new UssdkitClient({ ...base, baseUrl: 'localhost:4000' })).toThrow(
      ClientConfigurationError,
    );
  });

  it('accepts a fetch with the fetch transport, and either transport alone', async () => {
    for (const options of [
      { transport: 'fetch', fetch: globalThis.fetch },
      { transport: 'undici' },
      {},
    ] as const) {
      const client = new UssdkitClient({ ...base, ...options });
      await client.close();
    }
  });
});
