/**
 * The msw handlers refuse what the sandbox refuses, in the same words: a body not declared JSON,
 * a sandbox API write without `Content-Type: application/json`, a developer the developer schema
 * refuses, a push to an app of Africa's Talking's protocol; they leave the client secret out of a
 * developer read without that developer's credentials, and give up a callback to a receiver that
 * hangs. The same raw requests go to a real sandbox and to the handlers, and the answers are
 * compared: both run the sandbox's one service app (decision 0036).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO, type RunningSandbox, startSandbox } from '@ussdkit/reference-server';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServiceHandlers, serviceHandlers } from './serviceHandlers';

const mockUrl = 'http://mock.test';
const server = setupServer();
let sandbox: RunningSandbox;
let handlers: ServiceHandlers;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  // Only the mock's origin is handled: the calls to the real sandbox go through.
  server.listen({ onUnhandledRequest: 'bypass' });
  handlers = serviceHandlers({ baseUrl: mockUrl, sandboxApi: true });
  server.resetHandlers(...handlers);
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

describe('the msw handlers and the sandbox run one service: no rule of their own drifts', () => {
  const json = { 'content-type': 'application/json' };

  it('refuse a developer the developer schema refuses (a negative feePerTick), in the same words', async () => {
    const created = await both('POST', '/sandbox/developers', json, '{"feePerTick":-1}');
    expect(created.mock.status).toBe(400);
    expect(created.mock).toEqual(created.sandbox);
    const patched = await both(
      'PATCH',
      '/sandbox/developers/demo-client',
      json,
      '{"feePerTick":-2}',
    );
    expect(patched.mock.status).toBe(400);
    expect(patched.mock).toEqual(patched.sandbox);
  });

  it("refuse a push to an app of Africa's Talking's protocol, which has no push", async () => {
    const app = {
      appId: 'at-app',
      clientId: DEMO.clientId,
      appCode: '41',
      url: 'http://127.0.0.1:9/at',
      authToken: 'at-token',
      answerTimeoutMs: 5000,
      protocol: 'africastalking' as const,
    };
    handlers.service.apps.set(app.appId, app);
    const registered = await fetch(`${sandbox.url}/sandbox/apps`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ ...app, answerTimeoutMs: undefined }),
    });
    expect(registered.status).toBe(201);
    const push = JSON.stringify({ appId: 'at-app', msisdn: '08031234567', contextData: '' });
    const answers = await both('POST', '/ussd/app/push', { ...demo, ...json }, push);
    expect(answers.mock.status).toBe(400);
    expect(answers.mock.body.message).toContain('which has no push');
    expect(answers.mock).toEqual(answers.sandbox);
  });
});

describe('the msw handlers deliver callbacks as the sandbox does', () => {
  let hanging: Server;
  afterAll(() => {
    hanging.closeAllConnections();
    return new Promise<void>((resolve) => hanging.close(() => resolve()));
  });

  it('give up an attempt whose receiver never answers (after the 5 s attempt timeout), and log it', async () => {
    // A receiver that reads the callback and never answers.
    hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const callbackUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/cb`;
    const mock = serviceHandlers({ baseUrl: 'http://hang.test', developer: { callbackUrl } });
    server.use(...mock);
    const acquired = await fetch('http://hang.test/v1/acquire/product/async', {
      method: 'POST',
      headers: { ...demo, 'content-type': 'application/json' },
      body: JSON.stringify({
        operationId: 'hang-1',
        sku: 'data-1gb',
        beneficiaryId: '08031234567',
        customerMsisdn: '08031234567',
      }),
    });
    expect(acquired.status).toBe(200);
    const started = Date.now();
    await mock.service.idle();
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(mock.service.callbacks).toEqual([
      expect.objectContaining({
        operationId: 'hang-1',
        attempt: 1,
        error: expect.stringMatching(/timeout|aborted/i),
      }),
    ]);
  });
});
