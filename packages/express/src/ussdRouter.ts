import type { UssdApp } from '@ussdkit/router';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Options of {@link ussdRouter}.
 *
 * @example
 * ```ts
 * server.use('/ussd', ussdRouter(app, { maxBodyBytes: 32_768 }));
 * ```
 */
export interface UssdRouterOptions {
  /**
   * Bytes of request body read at most; past it the adapter stops buffering and the app answers
   * 413. Keep it equal to the app's `maxBodyBytes`.
   * @defaultValue `65_536`
   */
  readonly maxBodyBytes?: number;
}

function readBody(req: Request, limit: number): Promise<string> {
  // A body parser mounted earlier (express.json()) has consumed the stream already.
  if (req.readableEnded || req.body !== undefined) {
    return Promise.resolve(typeof req.body === 'string' ? req.body : JSON.stringify(req.body));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (size > limit) return; // over the limit: drain without buffering
      size += chunk.length;
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Writes an answer with Node's own API rather than `res.json()`: Express would also hash the body
 * for an ETag and check request freshness, which mean nothing for a POST answer. Headers set
 * earlier by middleware (CORS, say) are merged by `writeHead`. `close` ends the connection after
 * the answer, for a request whose body is left unread.
 */
function write(res: Response, status: number, body: unknown, close: boolean): void {
  const connection = close ? ['connection', 'close'] : [];
  if (body === undefined) {
    res.writeHead(status, connection).end();
    return;
  }
  const json = JSON.stringify(body);
  res
    .writeHead(status, [
      'content-type',
      'application/json; charset=utf-8',
      'content-length',
      String(Buffer.byteLength(json)),
      ...connection,
    ])
    .end(json);
}

/**
 * Mounts a ussdkit app in Express: a middleware answering the gateway's four
 * `POST …/ussdSessionEvent/{new,continue,close,abort}` under whatever path you mount it (other
 * methods pass through to the next handler). A plain middleware rather than an Express `Router`:
 * the app does its own routing, so a second routing layer would only cost time per request.
 * Mount it before any global body parser, or let it read what `express.json()` parsed.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { ussdRouter } from '@ussdkit/express';
 *
 * const server = express();
 * server.use('/ussd', ussdRouter(app));
 * server.listen(3000);
 * ```
 */
export function ussdRouter(
  app: Pick<UssdApp<unknown>, 'handle'> & Partial<Pick<UssdApp<unknown>, 'precheck'>>,
  options: UssdRouterOptions = {},
): RequestHandler {
  const limit = options.maxBodyBytes ?? 65_536;
  const answer = async (req: Request, res: Response, next: NextFunction) => {
    try {
      // Path, token and content type first: a refused request's body is never read (an
      // unauthenticated 50 MB upload is answered at once), and its connection is closed.
      const refused = app.precheck?.({ path: req.path, headers: req.headers });
      if (refused !== undefined) {
        write(res, refused.status, refused.body, true);
        return;
      }
      const body = await readBody(req, limit);
      const result = await app.handle({ path: req.path, headers: req.headers, body });
      write(res, result.status, result.body, false);
    } catch (error) {
      next(error);
    }
  };
  return (req, res, next) => {
    if (req.method === 'POST') void answer(req, res, next);
    else next();
  };
}
