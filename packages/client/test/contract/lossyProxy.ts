import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const hopHeaders = new Set(['host', 'connection', 'content-length', 'transfer-encoding']);

/** A local HTTP proxy to a real target that loses the answer of the first POST to `path`. */
export interface LossyProxy {
  readonly url: string;
  /** How many answers it dropped (at most one). */
  readonly dropped: number;
  close(): Promise<void>;
}

/**
 * Forwards every request to `target`; the first POST to `path` reaches the target, but its answer
 * is lost on the way back (the client's socket is destroyed). Works with any client transport.
 */
export async function startLossyProxy(target: string, path: string): Promise<LossyProxy> {
  let dropped = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        // fetch sets the framing headers of the body it sends itself.
        if (typeof value === 'string' && !hopHeaders.has(name)) {
          headers.set(name, value);
        }
      }
      const method = request.method ?? 'GET';
      let answer: Response;
      let text: string;
      try {
        answer = await fetch(`${target}${request.url ?? '/'}`, {
          method,
          headers,
          ...(method === 'GET' ? {} : { body: Buffer.concat(chunks) }),
        });
        text = await answer.text();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        response.writeHead(502, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ code: 'PROXY_ERROR', message }));
        return;
      }
      if (dropped === 0 && method === 'POST' && request.url === path) {
        dropped += 1;
        request.socket.destroy();
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get dropped() {
      return dropped;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
