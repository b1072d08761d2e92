/**
 * The msw handlers refuse what the sandbox refuses, in the same words: a body not declared JSON,
 * a sandbox API write without `Content-Type: application/json`, and they leave the client secret
 * out of a developer read without that developer's credentials. The same raw requests go to a
 * real sandbox and to the handlers, and the answers are compared.
 */
import { DEMO, type RunningSandbox, startSandbox } from '@ussdkit/reference-server';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceHandlers } from './serviceHandlers';

const mockUrl = 'http://mock.test';
const server = setupServer();
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  // Only the mock's origin is handled: the calls to the real sandbox go through.
  server.listen({ onUnhandledRequest: 'bypass' });
  server.resetHandlers(...serviceHandlers({ baseUrl: mockUrl, sandboxApi: true }));
});

afterAll(async () => {
  server.close();
  await sandbox.close();
});

const demo = { 'x-client-id': DEMO.clientId, 'x-client-secret': DEMO.clientSecret };

/** Sends one request to both and answers both `{status, body}`. */
async function both(method: string, path: string, headers: Record<string, string>, body?: string) {
  const answer = async (base: string) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
  };
  return { sandbox: await answer(sandbox.url), mock: await answer(mockUrl) };
}

describe('the msw handlers and the sandbox, on requests a browser page could send', () => {
  it.each([
    ['POST', '/v1/acquire/product', { ...demo, 'content-type': 'text/plain' }, '{"sku":"x"}'],
    ['POST', '/ussd/app/push', { ...demo, 'content-type': 'text/plain' }, '{}'],
    ['POST', '/sandbox/developers', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'],
    ['PATCH', '/sandbox/developers/demo-client', { 'content-type': 'text/plain' }, '{"balance":1}'],
    ['POST', '/sandbox/clock/advance', {}, undefined],
  ] as const)('%s %s: the same 415', async (method, path, headers, body) => {
    const answers = await both(method, path, headers, body);
    expect(answers.mock.status).toBe(415);
    expect(answers.mock).toEqual(answers.sandbox);
  });

  it("reads a developer without its secret, and with it given the developer's credentials", async () => {
    const anonymous = await both('GET', '/sandbox/developers/demo-client', {});
    expect(anonymous.mock.body).not.toHaveProperty('clientSecret');
    expect(anonymous.sandbox.body).not.toHaveProperty('clientSecret');
    const own = await both('GET', '/sandbox/developers/demo-client', demo);
    expect(own.mock.body.clientSecret).toBe(DEMO.clientSecret);
    expect(own.sandbox.body.clientSecret).toBe(DEMO.clientSecret);
    const wrong = await both('GET', '/sandbox/developers/demo-client', {
      ...demo,
      'x-client-secret': 'guess',
    });
    expect(wrong.mock).toEqual(wrong.sandbox);
    const patched = await both(
      'PATCH',
      '/sandbox/developers/demo-client',
      { 'content-type': 'application/json' },
      '{"name":"Patched"}',
    );
    expect(patched.mock.body).not.toHaveProperty('clientSecret');
    expect(patched.sandbox.body).not.toHaveProperty('clientSecret');
  });
});
