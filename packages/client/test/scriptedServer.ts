import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a scripted server saw of one request. */
export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

type Script = (request: SeenRequest, response: ServerResponse, raw: IncomingMessage) => unknown;

/**
 * A real node:http server on port 0 whose answers each test scripts with `answer(...)`; it
 * records every request (body read in full) in `seen`, and counts the sockets it accepted.
 */
export async function startScriptedServer() {
  let script: Script = (_request, response) => response.writeHead(404).end();
  const seen: SeenRequest[] = [];
  let sockets = 0;
  const server = createServer((raw, response) => {
    const chunks: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => chunks.push(chunk));
    raw.on('end', () => {
      const request = {
        method: raw.method ?? '',
        url: raw.url ?? '',
        headers: raw.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(request);
      void script(request, response, raw);
    });
  });
  server.on('connection', () => {
    sockets += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    get sockets() {
      return sockets;
    },
    answer(next: Script) {
      script = next;
      seen.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes a JSON answer. */
export function json(response: ServerResponse, status: number, body: unknown, headers = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}
