import { Agent } from 'undici';
import type { ClientOptions } from '../ClientOptions';
import type { Answer, Outgoing, Sender } from './Answer';
import { agentOptions } from './poolOptions';

/**
 * Sends through `fetch` (the client's, else `globalThis.fetch` looked up at each call, so msw
 * started later sees it). With `connection` settings and no custom fetch, an undici `Agent` is
 * passed as the `dispatcher`; msw still intercepts, since it replaces the global fetch.
 */
export function sendWithFetch(options: ClientOptions, baseUrl: string): Sender {
  let agent: Agent | undefined;
  const dispatcher = (): Agent | undefined => {
    const connection = options.connection;
    if (connection === undefined || options.fetch !== undefined) return undefined;
    agent ??= new Agent(agentOptions(connection));
    return agent;
  };
  return {
    async send(outgoing: Outgoing): Promise<Answer> {
      const init: RequestInit = {
        method: outgoing.method,
        headers: outgoing.headers,
        signal: outgoing.signal.toAbortSignal(),
      };
      if (outgoing.body !== undefined) init.body = outgoing.body;
      const pool = dispatcher();
      // Node's fetch reads `dispatcher` (undici); its bundled types name an older undici's class.
      if (pool !== undefined) Object.assign(init, { dispatcher: pool });
      const response = await (options.fetch ?? globalThis.fetch)(
        `${baseUrl}${outgoing.path}`,
        init,
      );
      const text = await response.text();
      return {
        status: response.status,
        statusText: response.statusText,
        text,
        header: (name) => response.headers.get(name) ?? undefined,
        headers: () => response.headers,
      };
    },
    async close(): Promise<void> {
      const closing = agent;
      agent = undefined;
      await closing?.close();
    },
  };
}
