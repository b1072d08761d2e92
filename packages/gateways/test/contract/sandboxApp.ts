import type { CloseReason } from '@ussdkit/protocol';
import { createApp, memoryStore, type RouterEvent } from '@ussdkit/router';
import { z } from 'zod';

/** The PIN the customer types: six digits, which no UUID of a report holds by chance. */
export const PIN = '739154';

/** The screens of the contract app, as a phone shows them. */
export const SCREENS = {
  menu: 'Wallet\n1. Send money\n2. Balance\n3. Terms',
  amount: 'Amount?',
  pin: 'PIN?',
  confirm: (amount: string) => `Send ${amount}?\n1. Yes\n2. No\n0. Back\n00. Home`,
  sent: (amount: string) => `Sent ${amount}.`,
  wrongPin: 'Wrong PIN.',
  balance: (msisdn: string, operator: string) => `Balance of ${msisdn} on ${operator}: 1200.`,
} as const;

/** The terms: longer than any provider's screen, so each one's budget shows. */
export const TERMS = `Terms: ${'every transfer is final once confirmed and fees apply. '.repeat(6)}`;

/** What the app tells the test about each session's end. */
export interface Ended {
  readonly sessionId: string;
  readonly reason: CloseReason['type'];
}

/**
 * The one app the contract tests serve to every provider through its adapter: a menu, an amount,
 * a secret PIN, a confirmation and a final screen; `*<code>*5#` opens the amount (a deep link);
 * the terms are longer than any gateway's screen. Its `onClose` and `onEvent` say what reached
 * it; its store is the test's, to see a session freed.
 */
export function sandboxApp() {
  const closed: Ended[] = [];
  const events: RouterEvent[] = [];
  const store = memoryStore();
  const app = createApp({
    state: z.object({ amount: z.number().optional() }),
    start: 'menu',
    // Wider than any gateway's screen: the terms reach the adapter whole, and its cut shows.
    screenLimits: { gsm7: 400 },
    store,
    entry: { dial: { '5': 'amount' } },
    onClose: ({ sessionId, reason }) => {
      closed.push({ sessionId, reason: reason.type });
    },
    onEvent: (event) => events.push(event),
    screens: ({ chooser, input, info }) => ({
      menu: chooser({
        title: 'Wallet',
        items: [
          { label: 'Send money', next: 'amount' },
          { label: 'Balance', next: 'balance' },
          { label: 'Terms', next: 'terms' },
        ],
      }),
      amount: input({
        text: SCREENS.amount,
        validate: z.coerce.number().int().min(1, 'At least 1'),
        targets: ['pin'],
        next: (amount, ctx) => {
          ctx.state.amount = amount;
          return ctx.go('pin');
        },
      }),
      // The app checks the PIN itself: a masked one ('••••') reaching it would be refused.
      pin: input({
        text: SCREENS.pin,
        secret: true,
        targets: ['confirm', 'wrongPin'],
        next: (pin, ctx) => ctx.go(pin === PIN ? 'confirm' : 'wrongPin'),
      }),
      confirm: chooser({
        title: (ctx) => `Send ${ctx.state.amount}?`,
        items: [
          { label: 'Yes', next: 'sent' },
          { label: 'No', next: 'menu' },
        ],
      }),
      sent: info({ text: (ctx) => SCREENS.sent(String(ctx.state.amount)) }),
      wrongPin: info({ text: SCREENS.wrongPin }),
      balance: info({ text: (ctx) => SCREENS.balance(ctx.msisdn, ctx.operator) }),
      terms: info({ text: TERMS }),
    }),
  });
  return {
    app,
    closed,
    events,
    /** Whether the app's store still holds the session. */
    holds: async (sessionId: string) => (await store.load(sessionId, '')) !== undefined,
  };
}

/** The app with what it observes. */
export type SandboxApp = ReturnType<typeof sandboxApp>;
