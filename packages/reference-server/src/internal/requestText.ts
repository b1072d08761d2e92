import { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

function readAll(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    incoming.once('error', reject);
  });
}

/**
 * The request body as text. Served by `@hono/node-server` (which hands the handler
 * `c.env.incoming`) with a declared `content-length` (so `limitBody` has checked the size on the
 * header), and nothing has started reading it, it is read straight from Node's `IncomingMessage`:
 * building the Fetch `Request` that `c.req.text()` needs costs an AbortController, a Headers
 * object and a web stream per request. Any other request goes through `c.req.text()`.
 *
 * @example
 * ```ts
 * const json: unknown = JSON.parse(await requestText(c));
 * ```
 */
export function requestText(c: Context): Promise<string> {
  const incoming: unknown = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (
    incoming instanceof IncomingMessage &&
    incoming.headers['content-length'] !== undefined &&
    incoming.readableFlowing === null &&
    !incoming.readableDidRead &&
    !incoming.readableEnded
  ) {
    return readAll(incoming);
  }
  return c.req.text();
}
