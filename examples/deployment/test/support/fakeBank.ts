import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The bank API the app calls; `hold()` keeps its answers back until `release()`. */
export interface FakeBank {
  readonly url: string;
  /** Resolves when the next balance request arrives. */
  nextRequest(): Promise<void>;
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

/** A bank on port 0 answering `GET /balance` with `{ balance: 500 }`. */
export async function startFakeBank(): Promise<FakeBank> {
  let held: (() => void)[] | undefined;
  let arrivals: (() => void)[] = [];
  const server = createServer((_req, res) => {
    for (const arrived of arrivals.splice(0)) arrived();
    const answer = () => res.setHeader('content-type', 'application/json').end('{"balance":500}');
    if (held === undefined) answer();
    else held.push(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    nextRequest: () =>
      new Promise((resolve) => {
        arrivals = [...arrivals, resolve];
      }),
    hold: () => {
      held = [];
    },
    release: () => {
      for (const answer of held ?? []) answer();
      held = undefined;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
