// examples/from-ussd-menu-builder/test/quickExample.harness.test.ts: the port, tested as a phone
import { createHarness } from '@ussdkit/testing';
import { expect, it } from 'vitest';
import { quickExampleApp } from '../src/quick-example/port';
import { fakeServices } from '../src/services';

it('buys airtime, after an amount without digits', async () => {
  const services = fakeServices();
  const phone = createHarness(quickExampleApp(services), { msisdn: '+254711000001' });
  const session = await phone.dial('*384*1#');
  session.expectScreen('Welcome. Choose option:\n1. Show Balance\n2. Buy Airtime');
  await session.pick('Buy Airtime');
  await session.type('ten');
  session.expectScreen('Enter the amount in digits.\nEnter amount:');
  await session.type('50');
  session.expectScreen('Airtime bought successfully.').expectClosed('End');
  expect(services.airtime).toEqual([{ phoneNumber: '+254711000001', amount: 50 }]);
});
