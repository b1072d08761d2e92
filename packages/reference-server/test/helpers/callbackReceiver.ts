import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP receiver of callbacks that can go down and come back on the same port. */
export interface CallbackReceiver {
  readonly url: string;
  /** Bodies received while up, in order. */
  readonly received: unknown[];
  /** Stops listening: attempts get "connection refused". */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
  /** Resolves once `count` bodies have been received. */
  waitFor(count: number): Promise<void>;
}

export async function startCallbackReceiver(): Promise<CallbackReceiver> {
  const received: unknown[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const notify = () => {
    for (const waiter of [...waiters]) {
      if (received.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const created = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          res.writeHead(200).end();
          notify();
        });
      });
      created.keepAliveTimeout = 1;
      created.once('error', reject);
      created.listen(port, '127.0.0.1', () => {
        port = (created.address() as AddressInfo).port;
        server = created;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = undefined;
      if (!current) return resolve();
      current.close(() => resolve());
      current.closeAllConnections();
    });
  await listen();
  return {
    url: `http://127.0.0.1:${port}/callbacks`,
    received,
    down: stop,
    up: listen,
    close: stop,
    waitFor: (count) =>
      new Promise<void>((resolve) => {
        waiters.push({ count, resolve });
        notify();
      }),
  };
}
