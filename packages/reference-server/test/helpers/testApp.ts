import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the app answers to `new` and `continue`: a session command. */
export type Answer = (event: 'new' | 'continue', body: Record<string, unknown>) => unknown;

const infoView =
  (message: string): Answer =>
  () => ({ action: { type: 'ShowView', view: { type: 'InfoView', message } }, contextData: '' });

/**
 * A USSD app of plain handlers: answers `new` and `continue` with `answer` (by default an
 * InfoView with `message`), close and abort with 204.
 */
export interface TestApp {
  readonly url: string;
  /** Every event received: its path suffix and body. */
  readonly events: { event: string; body: unknown }[];
  /** The `Authorization` header of every event, in order. */
  readonly authorizations: (string | undefined)[];
  close(): Promise<void>;
}

export async function startTestApp(answer: string | Answer = 'Thank you'): Promise<TestApp> {
  const respond = typeof answer === 'string' ? infoView(answer) : answer;
  const events: { event: string; body: unknown }[] = [];
  const authorizations: (string | undefined)[] = [];
  const server = createServer((req, res) => {
    authorizations.push(req.headers.authorization);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const event = (req.url ?? '').split('/').at(-1) ?? '';
      events.push({ event, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      if (event === 'new' || event === 'continue') {
        res.writeHead(200, { 'content-type': 'application/json' });
        const body = events.at(-1)?.body as Record<string, unknown>;
        res.end(JSON.stringify(respond(event, body)));
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
    authorizations,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
