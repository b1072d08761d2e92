import { createApp, type Instrumentation, type RouterLogger } from '@ussdkit/router';
import { z } from 'zod';

/** What the top-up app is given: how it is observed. */
export interface TopUpOptions {
  readonly instrumentations: readonly Instrumentation[];
  readonly logger: RouterLogger;
  /** Looks the customer's balance up (a backend call, traced under the event's span). */
  readonly balance: (msisdn: string) => Promise<number>;
}

/**
 * A small airtime top-up: a menu, an amount, a PIN (a secret input: redacted in logs, never in
 * telemetry), a receipt; and a balance looked up from a backend.
 *
 * @example
 * ```ts
 * const app = createTopUpApp({ instrumentations: [openTelemetry()], logger: pino(), balance });
 * ```
 */
export function createTopUpApp(options: TopUpOptions) {
  return createApp({
    instrumentations: options.instrumentations,
    logger: options.logger,
    state: z.object({ amount: z.number().optional() }),
    start: 'menu',
    screens: ({ chooser, input, info }) => ({
      menu: chooser({
        title: 'Top-up',
        items: [
          { label: 'Buy airtime', next: 'amount' },
          { label: 'My balance', next: 'balance' },
        ],
      }),
      amount: input({
        text: 'Amount (50 to 5000 NGN)?',
        validate: z.coerce.number().int().min(50).max(5000),
        targets: ['pin'],
        next: (amount, ctx) => {
          ctx.state.amount = amount;
          return ctx.go('pin');
        },
      }),
      pin: input({ text: 'Your 4-digit PIN?', secret: true, next: 'done' }),
      done: info({ text: (ctx) => `${ctx.state.amount} NGN airtime is on its way.` }),
      balance: info({
        text: async (ctx) => `Your balance is ${await options.balance(ctx.msisdn)} NGN.`,
      }),
    }),
  });
}
