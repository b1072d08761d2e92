/**
 * A USSD app written with plain `node:http` whose answer to `continue` is chosen per test: a
 * normal InputView, a 500, malformed JSON, or an answer that comes only after a delay.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the app answers the next `continue`. */
export type Fault =
  | { kind: 'ok' }
  | { kind: 'status500' }
  | { kind: 'malformed' }
  | { kind: 'delay'; ms: number };

export interface FaultApp {
  readonly url: string;
  /** Every event received, with the time its answer was written (when it was). */
  readonly events: { event: string; body: Record<string, unknown>; answeredAt?: number }[];
  fault: Fault;
  close(): Promise<void>;
}

const INPUT = JSON.stringify({
  action: { type: 'ShowView', view: { type: 'InputView', message: 'Amount?' } },
  contextData: 'ctx-1',
});

export async function startFaultApp(): Promise<FaultApp> {
  const events: FaultApp['events'] = [];
  const timers = new Set<NodeJS.Timeout>();
  const app: FaultApp = { url: '', events, fault: { kind: 'ok' }, close: async () => {} };
  const write = (
    res: ServerResponse,
    status: number,
    body: string,
    entry: FaultApp['events'][number],
  ) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    entry.answeredAt = Date.now();
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const event = (req.url ?? '').split('/').at(-1) ?? '';
      const entry = { event, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
      events.push(entry);
      if (event === 'close' || event === 'abort') {
        res.writeHead(204).end();
        return;
      }
      const fault: Fault = event === 'new' ? { kind: 'ok' } : app.fault;
      if (fault.kind === 'ok') write(res, 200, INPUT, entry);
      else if (fault.kind === 'status500') write(res, 500, '{"error":"boom"}', entry);
      else if (fault.kind === 'malformed') write(res, 200, '{"action": {"type": "ShowV', entry);
      else {
        const timer = setTimeout(() => {
          timers.delete(timer);
          write(res, 200, INPUT, entry);
        }, fault.ms);
        timers.add(timer);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(app, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ussd`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}

/** A loopback URL on which nothing listens (a port taken and then released). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/ussd`;
}
