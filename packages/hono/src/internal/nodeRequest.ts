import type { IncomingMessage } from 'node:http';
import type { BodyText } from './readWebBody';

/**
 * The Node request behind a Hono context, when the app runs on `@hono/node-server` (it passes
 * `{incoming, outgoing}` as the env) and nothing has started reading its body yet. Reading it
 * directly skips the web `Request`, `AbortSignal` and stream that the server otherwise builds on
 * first use of the body: about a quarter of the cost of a small request.
 */
export function unreadNodeRequest(env: unknown): IncomingMessage | undefined {
  const incoming = (env as { incoming?: unknown } | undefined)?.incoming;
  if (typeof incoming !== 'object' || incoming === null) return undefined;
  const request = incoming as IncomingMessage;
  if (typeof request.on !== 'function' || typeof request.headers !== 'object') return undefined;
  // A middleware that read the body (or wrapped it in a web stream) already owns it.
  if (request.readableDidRead || request.readableEnded || request.listenerCount('data') > 0) {
    return undefined;
  }
  return request;
}

/** Reads a Node request body up to `limit` bytes; past it, stops reading and says so. */
export function readNodeBody(request: IncomingMessage, limit: number): Promise<BodyText> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (cut: boolean) => {
      detach();
      resolve({ text: Buffer.concat(chunks, size).toString('utf8'), cut });
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      chunks.push(bytes);
      size += bytes.length;
      if (size > limit) {
        request.pause();
        finish(true);
      }
    };
    const onEnd = () => finish(false);
    const onError = (error: Error) => {
      detach();
      reject(error);
    };
    const onClose = () => onError(new Error('the request closed before its body ended'));
    const detach = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
      request.off('close', onClose);
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
    request.on('close', onClose);
  });
}
