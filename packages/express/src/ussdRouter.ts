import type { UssdApp } from '@ussdkit/router';
import { type Request, type Response, Router } from 'express';

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
 * Mounts a ussdkit app in Express: an Express `Router` answering the gateway's four
 * `POST …/ussdSessionEvent/{new,continue,close,abort}` under whatever path you mount it.
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
): Router {
  const limit = options.maxBodyBytes ?? 65_536;
  const router = Router();
  router.post(/.*/, async (req: Request, res: Response, next) => {
    try {
      const body = await readBody(req, limit);
      const answer = await app.handle({ path: req.path, headers: req.headers, body });
      if (answer.body === undefined) res.status(answer.status).end();
      else res.status(answer.status).json(answer.body);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
