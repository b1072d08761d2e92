// The flow explorer walks every branch of the shop (every menu item and page, amounts at and
// around the schema's bounds, every payment outcome, both languages) and finds no fault.
import { UssdkitClient } from '@ussdkit/client';
import { explore } from '@ussdkit/testing';
import { serviceHandlers } from '@ussdkit/testing/msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { createShopApp } from '../src/app';
import { pendingOrders } from '../src/Order';

const baseUrl = 'https://service.test';
const client = new UssdkitClient({ baseUrl, clientId: 'demo-client', clientSecret: 'demo-secret' });
const app = createShopApp({
  client,
  pending: pendingOrders(),
  merchantCode: 'SHOP-01',
  authToken: 'token',
});

describe('airtime shop under the explorer', () => {
  it('has no fault the explorer can find', async () => {
    const server = setupServer(...serviceHandlers({ baseUrl }));
    const { problems, coverage } = await explore(app, {
      harness: { authToken: 'token' },
      setup: () => {
        server.listen({ onUnhandledRequest: 'error' });
        return () => server.close();
      },
      starts: [{ redirectIn: { id: 'buy-airtime' } }],
    });
    expect(problems).toEqual([]);
    // Delivery's outcome depends on the customer's number in the stubs, and a pushed receipt on
    // the callback route: the harness tests reach those.
    expect(coverage.unreached).toEqual(['processing', 'deliveryFailed', 'pushedReceipt', 'thanks']);
    expect(coverage.truncated).toBe(false);
  }, 60_000);
});
