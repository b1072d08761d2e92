import type { BodyText } from './readWebBody';

/**
 * What the bridges read of a Node request (`http.IncomingMessage`), by its shape: no Node module
 * is imported, so the portable entry can take the fast path when a server hands it one.
 */
export interface NodeRequestLike {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly readableEnded?: boolean;
  readonly readableDidRead?: boolean;
  on(event: 'data', listener: (chunk: Uint8Array | string) => void): unknown;
  on(event: 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'data', listener: (chunk: Uint8Array | string) => void): unknown;
  off(event: 'end' | 'close', listener: () => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
  pause(): unknown;
  listenerCount(event: string): number;
}

/**
 * The Node request a server handed over beside a web `Request`, by its shape: `@hono/node-server`
 * passes `{ incoming }` as the env of `fetch(request, env)`.
 */
export function nodeRequestIn(env: unknown): NodeRequestLike | undefined {
  const incoming = (env as { incoming?: unknown } | undefined)?.incoming;
  if (typeof incoming !== 'object' || incoming === null) return undefined;
  const request = incoming as NodeRequestLike;
  if (typeof request.on !== 'function' || typeof request.headers !== 'object') return undefined;
  return request;
}

/**
 * Whether nothing has read a Node request's body yet: a middleware that read it (or wrapped it
 * in a web stream) owns it then. Reading it directly skips the web `Request`, `AbortSignal` and
 * stream the server otherwise builds on first use of the body.
 */
export function bodyUnread(request: NodeRequestLike): boolean {
  return !(request.readableDidRead || request.readableEnded || request.listenerCount('data') > 0);
}

/** One decoder for every body: `decode` without `stream` keeps no state between calls. */
const utf8 = new TextDecoder();

/** The chunks of a body as one UTF-8 text (one chunk, the usual case, is not copied). */
function decode(chunks: readonly Uint8Array[], size: number): string {
  if (chunks.length === 1) return utf8.decode(chunks[0]);
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return utf8.decode(whole);
}

/** Reads a Node request body up to `limit` bytes; past it, stops reading and says so. */
export function readNodeBody(request: NodeRequestLike, limit: number): Promise<BodyText> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const finish = (cut: boolean) => {
      detach();
      resolve({ text: size === 0 ? '' : decode(chunks, size), cut });
    };
    const onData = (chunk: Uint8Array | string) => {
      const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
      chunks.push(bytes);
      size += bytes.byteLength;
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
