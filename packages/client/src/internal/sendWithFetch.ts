import type { FetchLike } from '../ClientOptions';
import type { Answer, Outgoing, Send } from './Answer';

/**
 * Sends through `fetch`: the client's `fetch` option, else `globalThis.fetch` looked up at each
 * call (so msw started later sees it). On Node, `dispatcher` gives the undici `Agent` made from
 * the `connection` settings, passed to fetch as its `dispatcher`; msw still intercepts, since it
 * replaces the global fetch, which then never reaches the dispatcher.
 */
export function sendWithFetch(
  baseUrl: string,
  fetch: FetchLike | undefined,
  dispatcher?: () => object | Promise<object>,
): Send {
  return async (outgoing: Outgoing): Promise<Answer> => {
    const init: RequestInit = {
      method: outgoing.method,
      headers: outgoing.headers,
      signal: outgoing.signal.toAbortSignal(),
    };
    if (outgoing.body !== undefined) init.body = outgoing.body;
    // Node's fetch reads `dispatcher` (undici); the DOM's `RequestInit` does not name it.
    if (dispatcher !== undefined) Object.assign(init, { dispatcher: await dispatcher() });
    const response = await (fetch ?? globalThis.fetch)(`${baseUrl}${outgoing.path}`, init);
    const text = await response.text();
    return {
      status: response.status,
      statusText: response.statusText,
      text,
      header: (name) => response.headers.get(name) ?? undefined,
      headers: () => response.headers,
    };
  };
}
