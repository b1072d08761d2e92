import type { CloseReason } from '@ussdkit/protocol';
import { createApp, type ErrorInfo, type SessionStore } from '@ussdkit/router';
import { z } from 'zod';

/** Twelve bundles with long labels: more than one 182-character screen, so the menu is paged. */
const bundles = Array.from({ length: 12 }, (_, index) => ({
  label: `Data bundle number ${index + 1}, valid thirty days`,
  value: `bundle-${index + 1}`,
}));

/** What the fixture app reports to the test. */
export interface FixtureHooks {
  readonly onClose?: (info: { sessionId: string; reason: CloseReason; state: unknown }) => void;
  readonly onAbort?: (info: { sessionId: string; reason: { type: string } }) => void;
  readonly onError?: (error: unknown, info: ErrorInfo) => void;
  readonly store?: SessionStore;
  readonly maxBodyBytes?: number;
  readonly unavailable?: string;
}

/**
 * A real router app for the tests: a menu, a validated amount, a free-text reference (where `*`
 * is a character like any other), a paged long menu, final info screens, and a dial entry
 * (`*384*1234*5#` opens the bundles).
 */
export function fixtureApp(hooks: FixtureHooks = {}) {
  return createApp({
    state: z.object({
      amount: z.number().optional(),
      reference: z.string().optional(),
      bundle: z.string().optional(),
    }),
    start: 'menu',
    entry: { dial: { '5': 'bundles' } },
    ...(hooks.onClose === undefined ? {} : { onClose: hooks.onClose }),
    ...(hooks.onAbort === undefined ? {} : { onAbort: hooks.onAbort }),
    ...(hooks.onError === undefined ? {} : { onError: hooks.onError }),
    ...(hooks.store === undefined ? {} : { store: hooks.store }),
    ...(hooks.maxBodyBytes === undefined ? {} : { maxBodyBytes: hooks.maxBodyBytes }),
    ...(hooks.unavailable === undefined ? {} : { messages: { unavailable: hooks.unavailable } }),
    screens: ({ chooser, input, info }) => ({
      menu: chooser({
        title: 'Duka',
        items: [
          { label: 'Send money', next: 'amount' },
          { label: 'Bundles', next: 'bundles' },
        ],
      }),
      amount: input({
        text: 'Amount (KES)?',
        validate: z.coerce.number().int().min(50, 'The minimum is KES 50'),
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
        text: (ctx) => `Sent KES ${ctx.state.amount} with reference ${ctx.state.reference}.`,
      }),
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
