import { createApp } from '@ussdkit/router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { arkesel, beem, hubtel, infobip, nalo, UnsupportedOnGatewayError } from '../src/index';

/** An app that takes a payment and is pushed to: no text gateway runs either. */
const shop = createApp({
  state: z.object({}),
  start: 'menu',
  entry: { push: { data: z.object({ orderId: z.string() }), screen: 'paid' } },
  screens: ({ chooser, merchantPayment, info }) => ({
    menu: chooser({ title: 'Shop', items: [{ label: 'Pay', next: 'pay' }] }),
    pay: merchantPayment({
      payment: () => ({ merchantCode: 'SHOP-01', amount: 100 }),
      onSuccess: 'paid',
      onFailure: 'failed',
      onUnknown: 'failed',
    }),
    paid: info({ text: 'Paid.' }),
    failed: info({ text: 'Not paid.' }),
  }),
});

describe('what a provider cannot run is refused when the adapter is made', () => {
  it.each([
    ['Hubtel', hubtel],
    ['Arkesel', arkesel],
    ['Nalo', nalo],
    ['Beem', beem],
    ['Infobip', infobip],
  ])('%s: UnsupportedOnGatewayError naming each part and what to change', (title, adapter) => {
    let thrown: unknown;
    try {
      adapter(shop);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UnsupportedOnGatewayError);
    const error = thrown as UnsupportedOnGatewayError;
    expect(error.gateway).toBe(title);
    expect(error.features.map((feature) => [feature.where, feature.kind])).toEqual([
      ["screen 'pay'", 'merchantPayment'],
      ['entry.push', 'push'],
    ]);
    expect(error.message).toContain(`This app cannot be served on ${title}`);
  });
});
