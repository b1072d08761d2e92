import type { ClientOptions, ConnectionOptions } from '../../ClientOptions';
import type { Sender } from '../Answer';
import { agentOptions } from '../poolOptions';
import { sendWithFetch } from '../sendWithFetch';
import { type DispatcherSource, globalDispatcher, ownedDispatcher } from './DispatcherSource';
import { nodeFetchInPlace } from './nodeFetchInPlace';
import { sendWithUndici } from './sendWithUndici';

/**
 * The client's wire on Node: the `#createSender` import of `package.json` resolves here under the
 * `node` condition (decision 0019).
 *
 * - `'auto'` (the default): undici's `request()` while `globalThis.fetch` is Node's own, and
 *   fetch as soon as something (msw, nock, a spy) has replaced it, checked at every attempt, so
 *   msw started at any time sees the requests with no set-up. Without `connection` settings
 *   undici sends through its global dispatcher, as Node's fetch does; with them, through an
 *   `Agent` the client owns, given to fetch too. With a `fetch` option, always that function.
 * - `'fetch'`: always fetch (with the `connection` `Agent` as its dispatcher).
 * - `'undici'`: always undici's `request()`, on a `Pool` for the base URL's origin the client owns.
 */
export function createSender(options: ClientOptions, baseUrl: string): Sender {
  const { connection } = options;
  if (options.transport === 'undici') {
    const pool = ownedDispatcher(
      (undici) => new undici.Pool(new URL(baseUrl).origin, agentOptions(connection)),
    );
    return withOwned(sendWithUndici(baseUrl, pool), pool);
  }
  if (options.fetch !== undefined) return withOwned(sendWithFetch(baseUrl, options.fetch));
  const agent = connection === undefined ? undefined : connectionAgent(connection);
  const viaFetch = sendWithFetch(baseUrl, undefined, agent?.get);
  if (options.transport === 'fetch') return withOwned(viaFetch, agent);
  const viaUndici = sendWithUndici(baseUrl, agent ?? globalDispatcher);
  return withOwned((outgoing) => (nodeFetchInPlace() ? viaUndici : viaFetch)(outgoing), agent);
}

function connectionAgent(connection: ConnectionOptions): DispatcherSource {
  return ownedDispatcher((undici) => new undici.Agent(agentOptions(connection)));
}

function withOwned(send: Sender['send'], owned?: DispatcherSource): Sender {
  return { send, close: async () => owned?.close() };
}
