import type { Context } from 'hono';

/**
 * The part of Node's `IncomingMessage` read here: described, not imported, so the module runs
 * where `node:http` does not exist (the msw handlers in a browser), where `c.env.incoming` never
 * is set.
 */
interface NodeRequest {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly readableFlowing: boolean | null;
  readonly readableDidRead: boolean;
  readonly readableEnded: boolean;
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  once(event: 'end' | 'error', listener: (error?: unknown) => void): unknown;
}

function isUnreadNodeRequest(value: unknown): value is NodeRequest {
  if (typeof value !== 'object' || value === null) return false;
  const incoming = value as Partial<NodeRequest>;
  return (
    typeof incoming.on === 'function' &&
    incoming.headers?.['content-length'] !== undefined &&
    incoming.readableFlowing === null &&
    incoming.readableDidRead === false &&
    incoming.readableEnded === false
  );
}

function readAll(incoming: NodeRequest): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    incoming.on('data', (chunk) => chunks.push(chunk));
    incoming.once('end', () => {
      const bytes = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
      let at = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, at);
        at += chunk.length;
      }
      resolve(new TextDecoder().decode(bytes));
    });
    incoming.once('error', reject);
  });
}

/**
 * The request body as text. Served by `@hono/node-server` (which hands the handler
 * `c.env.incoming`) with a declared `content-length` (so `limitBody` has checked the size on the
 * header), and nothing has started reading it, it is read straight from Node's `IncomingMessage`:
 * building the Fetch `Request` that `c.req.text()` needs costs an AbortController, a Headers
 * object and a web stream per request. Any other request (in-process, msw, a browser) goes
 * through `c.req.text()`.
 *
 * @example
 * ```ts
 * const json: unknown = JSON.parse(await requestText(c));
 * ```
 */
export function requestText(c: Context): Promise<string> {
  const incoming: unknown = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return isUnreadNodeRequest(incoming) ? readAll(incoming) : c.req.text();
}
