// examples/airtime-shop/test/guide/firstApp.harness.test.ts: in-process, no server (docs/getting-started.md)
import { createHarness } from '@ussdkit/testing';
import { expect, it } from 'vitest';
import { app } from './firstApp.js';

it('buys airtime, re-asking for a too small amount', async () => {
  const phone = createHarness(app, { authToken: 'demo-token', msisdn: '+2348030000001' });
  const session = await phone.dial('*384*1#');
  session.expectScreen('My Shop\n1. Buy airtime\n2. Help');
  await session.pick('Buy airtime');
  await session.type('20');
  session.expectScreen('The minimum is NGN 50\nAmount in NGN?');
  await session.type('500');
  session.expectScreen('Thank you! NGN 500 of airtime is on its way.').expectClosed('End');
});

it('goes back to the menu with 0', async () => {
  const session = await createHarness(app, { authToken: 'demo-token' }).dial('*384*1#');
  await session.pick('Buy airtime');
  await session.type('0');
  session.expectScreen('My Shop\n1. Buy airtime\n2. Help');
  expect(session.open).toBe(true);
});
