// The app in-process, like a phone: no server, no socket. The harness shows each screen exactly
// as the gateway would (docs/testing.md of ussdkit).
import { createHarness } from '@ussdkit/testing';
import { expect, it } from 'vitest';
import { createUssdApp } from '../src/app.js';

const authToken = 'test-token';
const phone = () => createHarness(createUssdApp({ authToken }), { authToken });

it('buys airtime, re-asking for an amount under the minimum', async () => {
  const session = await phone().dial('*384*1#');
  session.expectScreen('My Shop\n1. Buy airtime\n2. Help');
  await session.pick('Buy airtime');
  await session.type('20');
  session.expectScreen('The minimum is NGN 50\nAmount in NGN?');
  await session.type('500');
  session.expectScreen('Thank you! NGN 500 of airtime is on its way.').expectClosed('End');
});

it('goes back to the menu with 0', async () => {
  const session = await phone().dial('*384*1#');
  await session.pick('Buy airtime');
  await session.type('0');
  session.expectScreen('My Shop\n1. Buy airtime\n2. Help');
  expect(session.open).toBe(true);
});

it('shows the help', async () => {
  const session = await phone().dial('*384*1#');
  await session.pick('Help');
  session.expectScreen('Dial again and choose 1 to buy airtime.').expectClosed('End');
});
