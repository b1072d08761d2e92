import { createApp, type SessionStore } from '@ussdkit/router';
import { z } from 'zod';

/** What the app needs from its deployment. */
export interface BankAppOptions {
  readonly store: SessionStore;
  readonly authToken: string;
  /** The bank API: `GET {bankUrl}/balance?msisdn=…` answers `{ "balance": 500 }`. */
  readonly bankUrl: string;
}

const balanceSchema = z.object({ balance: z.number() });

/**
 * The app the servers deploy: a menu and a balance fetched from the bank API, the kind of
 * event that is in flight when the container is told to stop.
 *
 * @example
 * ```ts
 * const app = createBankApp({ store: memoryStore(), authToken, bankUrl: 'https://bank.internal' });
 * ```
 */
export function createBankApp(options: BankAppOptions) {
  return createApp({
    state: z.object({}),
    start: 'menu',
    store: options.store,
    authToken: options.authToken,
    screens: ({ chooser, info }) => ({
      menu: chooser({
        title: 'Demo Bank',
        items: [
          { label: 'My balance', next: 'balance' },
          { label: 'Help', next: 'help' },
        ],
      }),
      balance: info({
        text: async (ctx) => {
          const url = new URL('/balance', options.bankUrl);
          url.searchParams.set('msisdn', ctx.msisdn);
          // Inside the router's 3.5 s deadline.
          const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
          if (!response.ok) throw new Error(`the bank answered ${response.status}`);
          const { balance } = balanceSchema.parse(await response.json());
          return `Your balance is NGN ${balance}`;
        },
      }),
      help: info({ text: 'Call 0800 000 0000 for help.' }),
    }),
  });
}
