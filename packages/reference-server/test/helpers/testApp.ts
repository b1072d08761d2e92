import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A USSD app of plain handlers: answers `new` with an InfoView, close and abort with 204. */
export interface TestApp {
  readonly url: string;
  /** Every event received: its path suffix and body. */
  readonly events: { event: string; body: unknown }[];
  close(): Promise<void>;
}

export async function startTestApp(message = 'Thank you'): Promise<TestApp> {
  const events: { event: string; body: unknown }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const event = (req.url ?? '').split('/').at(-1) ?? '';
      events.push({ event, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      if (event === 'new' || event === 'continue') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            action: { type: 'ShowView', view: { type: 'InfoView', message } },
            contextData: '',
          }),
        );
      } else {
        res.writeHead(204).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ussd`,
    events,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
