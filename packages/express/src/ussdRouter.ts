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
  app: Pick<UssdApp<unknown>, 'handle'>,
  options: UssdRouterOptions = {},
): RequestHandler {
  const limit = options.maxBodyBytes ?? 65_536;
  const answer = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const body = await readBody(req, limit);
      const result = await app.handle({ path: req.path, headers: req.headers, body });
      if (result.body === undefined) {
        res.writeHead(result.status).end();
        return;
      }
      // Written with Node's own API rather than `res.json()`: Express would also hash the body
      // for an ETag and check request freshness, which mean nothing for a POST answer. Headers
      // set earlier by middleware (CORS, say) are merged by `writeHead`.
      const json = JSON.stringify(result.body);
      res
        .writeHead(result.status, [
          'content-type',
          'application/json; charset=utf-8',
          'content-length',
          String(Buffer.byteLength(json)),
        ])
        .end(json);
    } catch (error) {
      next(error);
    }
  };
  return (req, res, next) => {
    if (req.method === 'POST') void answer(req, res, next);
    else next();
  };
}
