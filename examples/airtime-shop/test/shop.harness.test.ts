import { UssdkitClient } from '@ussdkit/client';
import { createUpstreamValidator } from '@ussdkit/protocol/contract';
import { createHarness, type HarnessSession } from '@ussdkit/testing';
import '@ussdkit/testing/vitest';
import { serviceHandlers } from '@ussdkit/testing/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createShopApp } from '../src/app';
import { pendingOrders } from '../src/Order';

// The service is mocked at the network edge with the msw handlers of @ussdkit/testing; the app
// is driven in-process by the harness. Beneficiary ids (the customer's number) pick outcomes.
const baseUrl = 'https://service.test';
const server = setupServer(
  ...serviceHandlers({
    baseUrl,
    outcomes: {
      byBeneficiaryId: {
        '+2348033000001': 'fail-INTERNAL',
        '+2348033000002': 'unknown-success',
      },
    },
  }),
);
const client = new UssdkitClient({ baseUrl, clientId: 'demo-client', clientSecret: 'demo-secret' });
const pending = pendingOrders();
const app = createShopApp({ client, pending, merchantCode: 'SHOP-01', authToken: 'token' });
const upstream = createUpstreamValidator();
const sessions: HarnessSession[] = [];

async function dial(msisdn: string): Promise<HarnessSession> {
  const session = await createHarness(app, { authToken: 'token', msisdn }).dial('*384*1#');
  sessions.push(session);
  return session;
}

async function buyOneGigabyte(session: HarnessSession): Promise<void> {
  await session.pick('Buy data');
  await session.pick('1 GB data: NGN 500');
  await session.pick('Pay from my bank account');
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  // Every answer the app gave is valid against the upstream OpenAPI document.
  for (const session of sessions.splice(0)) {
    for (const answer of session.answers) expect(upstream.appResponse(answer).errors).toEqual([]);
  }
});
afterAll(() => server.close());

describe('airtime shop in the harness', () => {
  it('tells the customer when delivery fails after payment', async () => {
    const session = await dial('+2348033000001');
    await buyOneGigabyte(session);
    await session.paymentResult('Success');
    session
      .expectScreen('We could not deliver (INTERNAL). You will be refunded.')
      .expectClosed('End');
  });

  it('tells the customer when delivery is still running at the provider', async () => {
    const session = await dial('+2348033000002');
    await buyOneGigabyte(session);
    await session.paymentResult('Success');
    session.expectScreen('Payment received. Your top-up is on its way.');
  });

  it.each([
    ['NoAccounts', 'no bank account is linked to this number'],
    ['InsufficientBalance', 'not enough money in the account'],
    ['InvalidMerchant', 'this shop cannot take payments now'],
    ['Other', 'the bank declined the payment'],
  ] as const)('explains a payment failure %s', async (cause, text) => {
    const session = await dial('+2348033000003');
    await buyOneGigabyte(session);
    await session.paymentResult('Failure', cause);
    session.expectScreen(`Payment failed: ${text}.`);
  });

  it('keeps an Unknown payment for its callback', async () => {
    const session = await dial('+2348033000004');
    await buyOneGigabyte(session);
    await session.paymentResult('Unknown');
    session.expectScreen(/^Your bank has not confirmed the payment yet/);
    expect([...pending.values()]).toContainEqual({
      sku: 'data-1gb',
      label: '1 GB data',
      amount: 500,
      msisdn: '+2348033000004',
    });
  });

  it('returns to the app that redirected to it, with the result', async () => {
    const harness = createHarness(app, { authToken: 'token', msisdn: '+2348033000005' });
    const session = await harness.redirectIn({ id: 'buy-airtime' });
    sessions.push(session);
    session.expectScreen('Airtime amount in NGN (50 to 20000)');
    await session.type('250');
    await session.pick('Pay from my bank account');
    await session.paymentResult('Success');
    expect(session.returnedWith).toMatchObject({ status: 'delivered', amount: '250' });
    expect(session.returnedWith?.reference).toMatch(/\S+/);
  });

  // The whole conversation is kept in test/__transcripts__/buy-airtime.txt, readable in a review;
  // a change to any screen of it fails here until `vitest -u` rewrites the file.
  it('buys airtime, as the golden transcript shows', async () => {
    const session = await dial('+2348033000006');
    await session.pick('Buy airtime');
    await session.type('20');
    await session.type('500');
    await session.pick('Pay from my bank account');
    await session.paymentResult('Success');
    await expect(session).toMatchTranscript('buy-airtime', {
      normalize: (line) => line.replace(/REF-\S+/, 'REF-…'),
    });
  });
});
