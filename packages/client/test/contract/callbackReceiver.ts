import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP server that records callback bodies, answering 200. */
export interface CallbackReceiver {
  readonly url: string;
  readonly bodies: unknown[];
  close(): Promise<void>;
}

export async function startCallbackReceiver(
  onBody: (body: unknown) => Promise<void> | void = () => undefined,
): Promise<CallbackReceiver> {
  const bodies: unknown[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      bodies.push(body);
      try {
        await onBody(body);
        response.writeHead(200).end();
      } catch {
        response.writeHead(500).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/callbacks`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
