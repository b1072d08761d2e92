import { createApp, type UssdApp } from '@ussdkit/router';
import { createHarness } from '@ussdkit/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { confirmAndPay, type Payment, type PaymentService } from '../src/confirmAndPay';

/** A service that takes PIN 1234 and records what it was asked to pay. */
function recordingService(): PaymentService & { readonly paid: Payment[] } {
  const paid: Payment[] = [];
  return {
    paid,
    checkPin: (_msisdn, pin) => pin === '1234',
    pay: async (payment) => {
      paid.push(payment);
      return { paid: true, reference: `REF-${paid.length}` };
    },
  };
}

/** A small shop that calls the flow from two places, with the flow's result shown at the end. */
function shop(service: PaymentService): UssdApp<unknown> {
  return createApp({
    state: z.object({ outcome: z.string().optional() }),
    start: 'menu',
    flows: { pay: confirmAndPay(service) },
    screens: ({ chooser, callFlow, info }) => ({
      menu: chooser({
        title: 'Shop',
        items: [
          { label: 'Airtime NGN 100', next: 'airtime' },
          { label: 'Data NGN 500', next: 'data' },
        ],
      }),
      airtime: callFlow({
        flow: 'pay',
        params: { amount: 100, recipient: 'MTN', description: 'airtime', order: { sku: 'a' } },
        targets: ['receipt'],
        next: (outcome, ctx) => {
          ctx.state.outcome = outcome.paid ? `paid, ref ${outcome.reference}` : outcome.reason;
          return ctx.go('receipt');
        },
      }),
      data: callFlow({
        flow: 'pay',
        params: { amount: 500, recipient: 'MTN', description: '1 GB data', order: { sku: 'd' } },
        targets: ['receipt'],
        next: (outcome, ctx) => {
          ctx.state.outcome = outcome.paid ? `paid, ref ${outcome.reference}` : outcome.reason;
          return ctx.go('receipt');
        },
      }),
      receipt: info({ text: (ctx) => `Order: ${ctx.state.outcome}` }),
    }),
  });
}

describe('confirmAndPay in the harness', () => {
  it('confirms, takes the PIN as a secret, pays, and returns the reference', async () => {
    const service = recordingService();
    const session = await createHarness(shop(service), { msisdn: '+2348030000001' }).dial(
      '*384*1#',
    );
    await session.pick('Data NGN 500');
    session.expectScreen(
      'Pay NGN 500 to MTN for 1 GB data?\n1. Confirm\n2. Cancel\n0. Back\n00. Home',
    );
    await session.pick('Confirm');
    session.expectScreen('Enter your 4-digit PIN');
    await session.type('12');
    session.expectScreen('A PIN has 4 digits\nEnter your 4-digit PIN');
    await session.type('1234');
    session.expectScreen('Order: paid, ref REF-1').expectClosed('End');
    expect(session.transcript).not.toContain('> 1234');
    expect(service.paid).toEqual([
      {
        amount: 500,
        recipient: 'MTN',
        description: '1 GB data',
        order: { sku: 'd' },
        msisdn: '+2348030000001',
      },
    ]);
  });

  it('returns cancelled, and wrongPin after three wrong PINs, without paying', async () => {
    const service = recordingService();
    const harness = createHarness(shop(service));
    const cancelled = await harness.dial('*384*1#');
    await cancelled.pick('Airtime NGN 100');
    await cancelled.pick('Cancel');
    cancelled.expectScreen('Order: cancelled');

    const locked = await harness.dial('*384*1#');
    await locked.pick('Airtime NGN 100');
    await locked.pick('Confirm');
    await locked.type('0000');
    locked.expectScreen('Wrong PIN, 2 left. Enter your 4-digit PIN');
    await locked.type('0000');
    await locked.type('0000');
    locked.expectScreen('Order: wrongPin');
    expect(service.paid).toEqual([]);
  });

  it('goes back from the confirmation to the menu, and home from the PIN', async () => {
    const session = await createHarness(shop(recordingService())).dial('*384*1#');
    await session.pick('Airtime NGN 100');
    await session.type('0');
    session.expectScreen('Shop\n1. Airtime NGN 100\n2. Data NGN 500');
    await session.pick('Data NGN 500');
    await session.pick('Confirm');
    await session.type('00');
    session.expectScreen('Shop\n1. Airtime NGN 100\n2. Data NGN 500');
  });

  it('is one flow mounted in two apps, each with its own service', async () => {
    const refusing: PaymentService = {
      checkPin: () => true,
      pay: async () => ({ paid: false, reason: 'INSUFFICIENT_FUNDS' }),
    };
    const first = await createHarness(shop(recordingService())).dial('*384*1#');
    const second = await createHarness(shop(refusing)).dial('*384*2#');
    for (const session of [first, second]) {
      await session.pick('Airtime NGN 100');
      await session.pick('Confirm');
      await session.type('1234');
    }
    first.expectScreen('Order: paid, ref REF-1');
    second.expectScreen('Order: INSUFFICIENT_FUNDS');
  });
});
