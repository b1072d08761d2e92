import type { IncomingHttpHeaders } from 'node:http';
import { Pool } from 'undici';
import type { ConnectionOptions } from '../ClientOptions';
import type { Answer, Outgoing, Sender } from './Answer';
import { agentOptions } from './poolOptions';

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

/**
 * Sends with undici's `request()` over a keep-alive `Pool` for the base URL's origin, made on
 * first use and released by `close()`. Invisible to msw (it patches fetch and node:http only).
 */
export function sendWithUndici(baseUrl: string, connection: ConnectionOptions | undefined): Sender {
  const url = new URL(baseUrl);
  const prefix = url.pathname.replace(/\/+$/, '');
  let pool: Pool | undefined;
  return {
    async send(outgoing: Outgoing): Promise<Answer> {
      pool ??= new Pool(url.origin, agentOptions(connection));
      const { statusCode, statusText, headers, body } = await pool.request({
        method: outgoing.method,
        path: prefix + outgoing.path,
        headers: outgoing.headers,
        body: outgoing.body ?? null,
        signal: outgoing.signal,
      });
      try {
        return new UndiciAnswer(statusCode, statusText, headers, await body.text());
      } catch (error) {
        // A body that failed half way (abort, reset) must not hold its socket.
        body.destroy();
        throw error;
      }
    },
    async close(): Promise<void> {
      const closing = pool;
      pool = undefined;
      await closing?.close();
    },
  };
}
