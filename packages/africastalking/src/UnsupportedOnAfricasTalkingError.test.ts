import { createApp } from '@ussdkit/router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { africasTalking } from './africasTalking';
import { UnsupportedOnAfricasTalkingError } from './UnsupportedOnAfricasTalkingError';

/** An app that pays, verifies and is pushed to: none of which Africa's Talking can run. */
const shop = createApp({
  state: z.object({ orderId: z.string().optional() }),
  start: 'menu',
  entry: {
    push: { data: z.object({ orderId: z.string() }), screen: 'paid' },
  },
  screens: ({ chooser, merchantPayment, embeddedProcess, info }) => ({
    menu: chooser({
      title: 'Shop',
      items: [
        { label: 'Pay', next: 'pay' },
        { label: 'Verify', next: 'verify' },
      ],
    }),
    pay: merchantPayment({
      payment: () => ({ merchantCode: 'SHOP-01', amount: 100 }),
      onSuccess: 'paid',
      onFailure: 'failed',
      onUnknown: 'failed',
    }),
    verify: embeddedProcess({ processId: 'confirm-identity', next: 'paid' }),
    paid: info({ text: 'Paid.' }),
    failed: info({ text: 'Not paid.' }),
  }),
});

describe('africasTalking: what Africa’s Talking cannot run is refused when mounted', () => {
  it('throws UnsupportedOnAfricasTalkingError naming each screen and entry, with what to change', () => {
    let thrown: unknown;
    try {
      africasTalking(shop);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UnsupportedOnAfricasTalkingError);
    const error = thrown as UnsupportedOnAfricasTalkingError;
    expect(error.features.map((f) => [f.where, f.kind])).toEqual([
      ["screen 'pay'", 'merchantPayment'],
      ["screen 'verify'", 'embeddedProcess'],
      ['entry.push', 'push'],
    ]);
    expect(error.message).toContain(
      "This app cannot be served on Africa's Talking, whose USSD API has no counterpart for:",
    );
    expect(error.message).toContain(
      "  - screen 'pay' (merchantPayment): Africa's Talking runs no payment inside a USSD session",
    );
    expect(error.message).toContain('remove entry.push');
  });

  it('names redirect screens and redirect entries', () => {
    const bills = createApp({
      state: z.object({}),
      start: 'home',
      entry: { redirect: { 'pay-bill': { params: z.object({}), screen: 'done' } } },
      screens: ({ chooser, redirect, returnFromRedirect, info }) => ({
        home: chooser({ title: 'Bills', items: [{ label: 'Elsewhere', next: 'away' }] }),
        away: redirect({ destinationAppId: 'other-app', onReturn: 'thanks' }),
        thanks: info({ text: 'Thanks' }),
        done: returnFromRedirect({ resultParams: () => ({ status: 'paid' }) }),
      }),
    });
    expect(() => africasTalking(bills)).toThrow(UnsupportedOnAfricasTalkingError);
    expect(() => africasTalking(bills)).toThrow(
      /screen 'away' \(redirect\)[\s\S]*screen 'done' \(returnFromRedirect\)[\s\S]*entry\.redirect\['pay-bill'\]/,
    );
  });
});
