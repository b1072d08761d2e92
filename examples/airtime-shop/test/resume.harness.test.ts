import { UssdkitClient } from '@ussdkit/client';
import { createUpstreamValidator } from '@ussdkit/protocol/contract';
import { createHarness, type HarnessSession } from '@ussdkit/testing';
import { serviceHandlers } from '@ussdkit/testing/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createShopApp } from '../src/app';
import { pendingOrders } from '../src/Order';
import { languagePreferences } from '../src/texts';

// Resume after a drop, driven in-process by the harness (`timeout()` closes a session with
// `Timeout`, as the gateway does at the operator's time limit); the service is mocked at the
// network edge with the msw handlers of @ussdkit/testing.
const baseUrl = 'https://service.test';
const server = setupServer(...serviceHandlers({ baseUrl }));
const client = new UssdkitClient({ baseUrl, clientId: 'demo-client', clientSecret: 'demo-secret' });
const app = createShopApp({
  client,
  pending: pendingOrders(),
  preferences: languagePreferences(),
  merchantCode: 'SHOP-01',
  authToken: 'token',
});
const upstream = createUpstreamValidator();
const sessions: HarnessSession[] = [];
const menu = 'Airtime Shop\n1. Buy airtime\n2. Buy data\n3. Help\n4. Language';
const prompt = 'Continue where you left off?\n1. Yes\n2. No';

async function dial(msisdn: string): Promise<HarnessSession> {
  const session = await createHarness(app, { authToken: 'token', msisdn }).dial('*384*1#');
  sessions.push(session);
  return session;
}

/** Dials, asks for NGN 750 of airtime, and drops on the confirmation with `Timeout`. */
async function dropOnConfirm(msisdn: string): Promise<void> {
  const session = await dial(msisdn);
  await session.pick('Buy airtime');
  await session.type('750');
  session.expectScreen(
    `NGN 750 airtime for ${msisdn}: NGN 750\n1. Pay from my bank account\n0. Back\n00. Home`,
  );
  await session.timeout();
  session.expectClosed('Timeout');
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  for (const session of sessions.splice(0)) {
    for (const answer of session.answers) expect(upstream.appResponse(answer).errors).toEqual([]);
  }
});
afterAll(() => server.close());

describe('airtime shop: resume after a drop', () => {
  it('brings back the confirmation and the order with Yes; back still works', async () => {
    await dropOnConfirm('+2348035000001');
    const again = await dial('+2348035000001');
    again.expectScreen(prompt);
    await again.pick('Yes');
    again.expectScreen(
      'NGN 750 airtime for +2348035000001: NGN 750\n1. Pay from my bank account\n0. Back\n00. Home',
    );
    await again.type('0');
    again.expectScreen('Airtime amount in NGN (50 to 20000)');
  });

  it('starts at the menu with No, and offers nothing on the dial after', async () => {
    await dropOnConfirm('+2348035000002');
    const again = await dial('+2348035000002');
    again.expectScreen(prompt);
    await again.pick('No');
    again.expectScreen(menu);
    await again.cancel();
    (await dial('+2348035000002')).expectScreen(menu);
  });

  it('never offers a session that ended normally or that the customer cancelled', async () => {
    const paid = await dial('+2348035000003');
    await paid.pick('Buy data');
    await paid.pick('1 GB data: NGN 500');
    await paid.pick('Pay from my bank account');
    await paid.paymentResult('Success');
    paid.expectClosed('End');
    (await dial('+2348035000003')).expectScreen(menu);

    const cancelled = await dial('+2348035000004');
    await cancelled.pick('Buy airtime');
    await cancelled.cancel();
    (await dial('+2348035000004')).expectScreen(menu);
  });

  it('asks in Pidgin a customer who dropped in Pidgin', async () => {
    const session = await dial('+2348035000005');
    await session.pick('Language');
    await session.pick('Pidgin');
    await session.timeout();
    const again = await dial('+2348035000005');
    again.expectScreen('You wan continue from where you stop?\n1. Yes\n2. No');
  });
});
