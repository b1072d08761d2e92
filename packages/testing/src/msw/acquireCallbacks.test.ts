import { acquireCallbackSchema } from '@ussdkit/protocol';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceHandlers } from './serviceHandlers';

const base = 'http://service.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('acquire callbacks of the handlers', () => {
  // Spec, "Callback body (asynchronous operations)": "| <operation name> | object | additional
  // data keyed by the operation name; for `acquire`: `reference` (string), `transactionId`
  // (string) |"; and "status.cause | only with `failure`": only the status depends on the outcome.
  it("keep the acquire object in failure and unknown callbacks, as the spec's callback body says", async () => {
    const seen: unknown[] = [];
    const handlers = serviceHandlers({ baseUrl: base, onCallback: (body) => seen.push(body) });
    server.resetHandlers(...handlers);
    for (const [operationId, beneficiaryId] of [
      ['failed', 'fail-INVALID_AMOUNT'],
      ['unsettled', 'unknown-failure'],
    ]) {
      await fetch(`${base}/v1/acquire/product/async`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-client-id': 'demo-client',
          'x-client-secret': 'demo-secret',
        },
        body: JSON.stringify({
          operationId,
          sku: 'data-1gb',
          beneficiaryId,
          customerMsisdn: '08031234567',
        }),
      });
    }
    await handlers.service.advance(30);
    const callbacks = seen.map((body) => acquireCallbackSchema.parse(body));
    expect(callbacks.map((callback) => [callback.operationId, callback.status])).toEqual([
      ['failed', { result: 'failure', cause: 'invalid_amount' }],
      ['unsettled', { result: 'unknown' }],
      ['unsettled', { result: 'failure', cause: 'internal' }],
    ]);
    for (const callback of callbacks) {
      const recorded = handlers.service.operation('demo-client', callback.operationId);
      expect(callback.acquire).toEqual({
        reference: recorded?.reference,
        transactionId: recorded?.transactionId,
      });
      expect(callback.acquire?.reference).toMatch(/^REF-\d+-/);
    }
  });
});
