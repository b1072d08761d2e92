import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import type { Answer, Outgoing, Send } from '../Answer';
import { AbortEmitter } from './AbortEmitter';
import type { DispatcherSource } from './DispatcherSource';
import { loadUndici } from './loadUndici';

/** An undici answer; headers stay undici's plain object until an error needs a `Headers`. */
class UndiciAnswer implements Answer {
  readonly status: number;
  readonly statusText: string;
  readonly text: string;
  readonly #headers: IncomingHttpHeaders;

  constructor(status: number, statusText: string, headers: IncomingHttpHeaders, text: string) {
    this.status = status;
    this.statusText = statusText;
    this.#headers = headers;
    this.text = text;
  }

  header(name: string): string | undefined {
    const value = this.#headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  headers(): Headers {
    const headers = new Headers();
    for (const [name, value] of Object.entries(this.#headers)) {
      if (Array.isArray(value)) for (const one of value) headers.append(name, one);
      else if (value !== undefined) headers.append(name, value);
    }
    return headers;
  }
}

/** undici's `request()` as a function of any dispatcher (its promise form). */
type RequestApi = (
  this: Dispatcher,
  options: Dispatcher.RequestOptions,
) => Promise<Dispatcher.ResponseData>;

/**
 * Sends with undici's `request()` on the dispatcher `source` gives (the client's own pool, or
 * undici's global dispatcher), with the base URL's origin and path given apart: no URL parsed
 * per call. Invisible to msw (it patches fetch and node:http only). undici is imported on the
 * first call.
 */
export function sendWithUndici(baseUrl: string, source: DispatcherSource): Send {
  const url = new URL(baseUrl);
  const origin = url.origin;
  const prefix = url.pathname.replace(/\/+$/, '');
  return async (outgoing: Outgoing): Promise<Answer> => {
    // The api's own function, so that any dispatcher works, whichever undici made it.
    const request: RequestApi = (await loadUndici()).Dispatcher.prototype.request;
    const { statusCode, statusText, headers, body } = await request.call(await source.get(), {
      origin,
      method: outgoing.method,
      path: prefix + outgoing.path,
      headers: outgoing.headers,
      body: outgoing.body ?? null,
      signal: new AbortEmitter(outgoing.signal),
    });
    try {
      return new UndiciAnswer(statusCode, statusText, headers, await body.text());
    } catch (error) {
      // A body that failed half way (abort, reset) must not hold its socket.
      body.destroy();
      throw error;
    }
  };
}
