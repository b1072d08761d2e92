import type { CloseReason } from '@ussdkit/protocol';
import { createApp, type SessionStore } from '@ussdkit/router';
import { z } from 'zod';

/** Twelve bundles: more than one screen, so the menu is paged. */
const bundles = Array.from({ length: 12 }, (_, index) => ({
  label: `Bundle ${index + 1}, 30 days`,
  value: `bundle-${index + 1}`,
}));

/** What the walk app reports to the test. */
export interface WalkHooks {
  readonly onClose?: (info: { sessionId: string; reason: CloseReason; state: unknown }) => void;
  readonly store?: SessionStore;
}

/**
 * The one app every protocol's walk serves: a menu, a validated amount, a free-text reference
 * (where `*` and `#` are characters like any other), a secret PIN, a paged menu of bundles and
 * final screens; `*<code>*5#` opens the bundles. Its screens are 120 characters at most (Nalo's
 * screen), so that every provider shows the same pages.
 */
export function walkApp(hooks: WalkHooks = {}) {
  return createApp({
    state: z.object({
      amount: z.number().optional(),
      reference: z.string().optional(),
      bundle: z.string().optional(),
    }),
    start: 'menu',
    screenLimits: { gsm7: 120 },
    entry: { dial: { '5': 'bundles' } },
    ...(hooks.onClose === undefined ? {} : { onClose: hooks.onClose }),
    ...(hooks.store === undefined ? {} : { store: hooks.store }),
    screens: ({ chooser, input, info }) => ({
      menu: chooser({
        title: 'Duka',
        items: [
          { label: 'Send money', next: 'amount' },
          { label: 'Bundles', next: 'bundles' },
          { label: 'Change PIN', next: 'pin' },
        ],
      }),
      amount: input({
        text: 'Amount?',
        validate: z.coerce.number().int().min(50, 'The minimum is 50'),
        targets: ['reference'],
        next: (amount, ctx) => {
          ctx.state.amount = amount;
          return ctx.go('reference');
        },
      }),
      reference: input({
        text: 'Reference?',
        targets: ['sent'],
        next: (reference, ctx) => {
          ctx.state.reference = reference;
          return ctx.go('sent');
        },
      }),
      sent: info({
        text: (ctx) => `Sent ${ctx.state.amount} with reference ${ctx.state.reference}.`,
      }),
      pin: input({ text: 'New PIN?', secret: true, next: 'pinChanged' }),
      pinChanged: info({ text: 'PIN changed.' }),
      bundles: chooser({
        title: 'Bundles',
        items: bundles,
        targets: ['chosen'],
        next: (item, ctx) => {
          ctx.state.bundle = item.value;
          return ctx.go('chosen');
        },
      }),
      chosen: info({ text: (ctx) => `You chose ${ctx.state.bundle}.` }),
    }),
  });
}
