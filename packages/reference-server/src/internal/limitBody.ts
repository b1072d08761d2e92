import { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** Options of {@link limitBody}. */
export interface LimitBodyOptions {
  /** Largest body read, in bytes. */
  readonly maxSize: number;
  /** Answers a body over the limit. */
  readonly onError: (c: Context) => Response | Promise<Response>;
}

/**
 * Hono's `bodyLimit`, without its cost on the common case: a request served by
 * `@hono/node-server` that declares its `content-length` (and no `transfer-encoding`) is judged on
 * that header alone, read from Node's `IncomingMessage`. (`bodyLimit` first reads
 * `c.req.raw.body`, which makes the adapter build a whole Fetch `Request` with an
 * AbortController and a web stream for every request.) Other requests go through `bodyLimit`.
 *
 * @example
 * ```ts
 * app.use('*', limitBody({ maxSize: 64 * 1024, onError: (c) => c.json(tooLarge, 413) }));
 * ```
 */
export function limitBody(options: LimitBodyOptions): MiddlewareHandler {
  const fallback = bodyLimit(options);
  return async (c, next) => {
    const incoming: unknown = (c.env as { incoming?: unknown } | undefined)?.incoming;
    if (
      incoming instanceof IncomingMessage &&
      incoming.headers['transfer-encoding'] === undefined
    ) {
      const declared = incoming.headers['content-length'];
      if (declared !== undefined) {
        if (Number.parseInt(declared, 10) > options.maxSize) return options.onError(c);
        return next();
      }
    }
    return fallback(c, next);
  };
}
