import type { Request as ExpressRequest, RequestHandler } from 'express';
import type { AfricasTalkingOptions } from './AfricasTalkingOptions';
import { africasTalking, type ServableApp } from './africasTalking';

/** The request body as text, at most `limit + 1` bytes of it (the handler answers 413 past `limit`). */
function readBody(req: ExpressRequest, limit: number): Promise<string> {
  // A body parser mounted earlier (express.urlencoded(), express.text()) has consumed the stream.
  if (req.readableEnded) {
    const parsed: unknown = req.body;
    if (typeof parsed === 'string') return Promise.resolve(parsed);
    if (Buffer.isBuffer(parsed)) return Promise.resolve(parsed.toString('utf8'));
    return Promise.resolve(new URLSearchParams(parsed as Record<string, string>).toString());
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
 * The Africa's Talking handler of {@link africasTalking} as Express middleware: mount it at the
 * path you register as the callback and notifications URL. `allowedIps` is checked against
 * Express's `req.ip` (set `trust proxy` when a proxy stands in front). Takes the same options,
 * except `clientIp`.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { africasTalkingExpress } from '@ussdkit/africastalking/express';
 *
 * const server = express();
 * server.post('/ussd/at', africasTalkingExpress(app, { secret: process.env.AT_SECRET }));
 * server.listen(3000);
 * ```
 */
export function africasTalkingExpress(
  app: ServableApp,
  options: Omit<AfricasTalkingOptions, 'clientIp'> = {},
): RequestHandler {
  const addresses = new WeakMap<Request, string>();
  const handler = africasTalking(app, { ...options, clientIp: (web) => addresses.get(web) });
  const limit = options.maxBodyBytes ?? 16_384;
  return (req, res, next) => {
    const answer = async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        // The body is handed over whole, re-encoded when a parser read it: its framing is not.
        if (name === 'content-length' || name === 'transfer-encoding') continue;
        for (const one of Array.isArray(value) ? value : [value ?? '']) headers.append(name, one);
      }
      // Only the query string matters to the handler (the secret); the host is not read.
      const url = new URL(req.originalUrl, 'http://localhost');
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const body = hasBody ? await readBody(req, limit) : null;
      const web = new Request(url, { method: req.method, headers, body });
      if (req.ip !== undefined) addresses.set(web, req.ip);
      const response = await handler(web);
      res
        .writeHead(response.status, Object.fromEntries(response.headers))
        .end(await response.text());
    };
    answer().catch(next);
  };
}
