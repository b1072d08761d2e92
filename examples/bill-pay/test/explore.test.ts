// The flow explorer walks every branch of Bill Pay (card numbers drawn for its validator and
// the sandbox's demo card, every package, the airtime redirect's return) and finds no fault.
import { UssdkitClient } from '@ussdkit/client';
import { memoryStore } from '@ussdkit/router';
import { explore } from '@ussdkit/testing';
import { serviceHandlers } from '@ussdkit/testing/msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { createBillPayApp } from '../src/app';

const baseUrl = 'https://service.test';
const client = new UssdkitClient({ baseUrl, clientId: 'demo-client', clientSecret: 'demo-secret' });
const app = createBillPayApp({
  client,
  store: memoryStore(),
  authToken: 'token',
  airtimeAppId: 'demo-app',
});

describe('bill pay under the explorer', () => {
  it('has no fault the explorer can find', async () => {
    const server = setupServer(...serviceHandlers({ baseUrl }));
    const { problems, coverage } = await explore(app, {
      harness: { authToken: 'token' },
      setup: () => {
        server.listen({ onUnhandledRequest: 'error' });
        return () => server.close();
      },
      // A card the stubbed service knows: no schema says which numbers exist.
      inputs: { card: ['1234567890'] },
      redirectResults: [{ status: 'delivered', amount: '500', reference: 'REF-1' }, {}],
    });
    expect(problems).toEqual([]);
    // Refusals depend on the card and the stubs' outcomes: the sandbox tests reach them.
    expect(coverage.unreached).toEqual(['processing', 'failed', 'lookupFailed']);
    expect(coverage.truncated).toBe(false);
  }, 60_000);
});
