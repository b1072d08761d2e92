import type { ClientOptions } from '../ClientOptions';
import type { Sender } from './Answer';
import { sendWithFetch } from './sendWithFetch';

/**
 * The client's wire where only `fetch` exists (Workers, browsers, any bundle that is not for
 * Node): the `#createSender` import of `package.json` resolves here unless the `node` condition
 * is set, and nothing here reaches undici or a Node built-in. Every request goes through fetch;
 * `connection` settings have no pool to shape and are ignored. `transport: 'undici'` has no
 * sender here: `undefined`, which the client reports as a `ClientConfigurationError`.
 * The Node variant is `node/createSender.ts` (decision 0019).
 */
export function createSender(options: ClientOptions, baseUrl: string): Sender | undefined {
  if (options.transport === 'undici') return undefined;
  return { send: sendWithFetch(baseUrl, options.fetch), close: async () => {} };
}
