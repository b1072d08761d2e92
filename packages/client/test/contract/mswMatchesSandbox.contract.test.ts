import { type RunningSandbox, startSandbox } from '@ussdkit/reference-server';
import { serviceHandlers } from '@ussdkit/testing/msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UssdkitClient } from '../../src/index';
import { type Answer, runScenarios } from './sameAnswersScenarios';

// The msw handlers answer with the sandbox's own rules (docs/decisions/0015): the same scenarios,
// through the real client, must get the same answers from both (ids, times and random digits
// aside, which differ between any two runs).

const mockUrl = 'http://service.mock';
// Only the mock's origin is handled: the calls to the real sandbox go through.
const server = setupServer();
let sandbox: RunningSandbox;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'bypass' });
  sandbox = await startSandbox({ port: 0, quiet: true, providerTimeoutMs: 1 });
});
afterAll(async () => {
  server.close();
  await sandbox.close();
});

const clientOf = (baseUrl: string) =>
  new UssdkitClient({
    baseUrl,
    clientId: 'demo-client',
    clientSecret: 'demo-secret',
    maxRetries: 0,
  });

describe('the msw handlers and the sandbox', () => {
  let fromSandbox: Answer[] = [];
  let fromMock: Answer[] = [];

  beforeAll(async () => {
    fromSandbox = await runScenarios(clientOf(sandbox.url), sandbox.url);
    server.resetHandlers(...serviceHandlers({ baseUrl: mockUrl, sandboxApi: true }));
    fromMock = await runScenarios(clientOf(mockUrl), mockUrl);
  });

  it('run the same scenarios', () => {
    expect(fromMock.map((answer) => answer.scenario)).toEqual(
      fromSandbox.map((answer) => answer.scenario),
    );
    expect(fromSandbox.length).toBeGreaterThan(60);
  });

  it('give identical answers to every scenario', () => {
    expect(fromMock).toEqual(fromSandbox);
  });

  it('answer what the scenarios are about, not only alike', () => {
    const answerTo = (scenario: string) =>
      fromSandbox.find((answer) => answer.scenario === scenario)?.answer;
    expect(answerTo('async acquire, beneficiary fail-INTERNAL')).toEqual({ status: 'INITIATED' });
    expect(answerTo('status of sync-unknown-failure 30 s later')).toEqual({
      status: 'FAILURE',
      error: 'INTERNAL',
      rawErrorCode: '10',
    });
    expect(answerTo('status of an unknown operationId')).toEqual({ status: 'NOT_FOUND' });
    expect(answerTo('merchant payment, reused operationId')).toMatchObject({
      thrown: 'DuplicateOperationError',
      status: 400,
      code: 'ALREADY_INITIATED',
    });
    expect(answerTo('merchant payment, whole flow')).toEqual({
      recoveryShortcode: '*384*0*<digits>#',
    });
    const callbacks = answerTo('callbacks') as { body: { status: object; acquire?: object } }[];
    expect(callbacks.length).toBeGreaterThan(10);
    for (const { body } of callbacks) {
      if ('status' in body) expect(body.acquire).toBeDefined();
    }
  });
});
