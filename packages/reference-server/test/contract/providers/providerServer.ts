/**
 * A provider's app for the tests: a plain `node:http` server that reads each request with its
 * provider's codec, plays the example session (exampleSession.ts) and answers in the provider's
 * format. The first path segment of the URL is how it behaves: `ok`, `noecho` (leaves out the
 * fields the provider wants copied back) or `malformed` (answers JSON no provider reads). Every
 * request is recorded as it arrived.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exampleStart, exampleStep, type Said } from './exampleSession';

/** A request as the app read it. */
export interface Heard {
  readonly sessionId: string;
  readonly kind: 'start' | 'input' | 'end';
  /** The dialled string of a start (`''` when the provider sends none), the input, or `''`. */
  readonly text: string;
}

/** What the app's codec answers: JSON, and headers beside it. */
export interface Answer {
  readonly json: Record<string, unknown>;
  readonly headers?: Record<string, string>;
}

/** How an app of one provider reads its requests and writes its answers. */
export interface ProviderCodec {
  read(request: Recorded): Heard;
  /** The answer to a start or input (`said`), or to an end (`said` undefined). */
  write(request: Recorded, said: Said | undefined): Answer;
  /** Fields the provider wants copied back, left out in `noecho` mode. */
  readonly echoes: readonly string[];
}

/** A request as it reached the app. */
export interface Recorded {
  readonly method: string;
  /** The path after the mode segment (`''`, or Infobip's `/{sessionId}/start`). */
  readonly path: string;
  /** The query, as it arrived (`secret=…`). */
  readonly query: string;
  readonly mode: string;
  readonly contentType: string | undefined;
  readonly authorization: string | undefined;
  readonly body: Record<string, unknown>;
}

/** A running provider app. */
export interface ProviderApp {
  /** The app's URL in `mode`, without a query: `http://127.0.0.1:<port>/<mode>`. */
  url(mode?: 'ok' | 'noecho' | 'malformed'): string;
  /** Every request, in order. */
  readonly requests: Recorded[];
  /** The requests of one session. */
  of(sessionId: string): Recorded[];
  /** The inputs typed on the secret screen, as the app received them. */
  readonly secrets: string[];
  close(): Promise<void>;
}

/** Starts an app of the provider `codec` speaks on a free loopback port. */
export async function startProviderApp(codec: ProviderCodec): Promise<ProviderApp> {
  const requests: Recorded[] = [];
  const sessionOf = new Map<Recorded, string>();
  const states = new Map<string, string>();
  const secrets: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const [pathname = '/', query = ''] = (req.url ?? '/').split('?');
      const [, mode = '', ...rest] = pathname.split('/');
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded: Recorded = {
        method: req.method ?? '',
        path: rest.length === 0 ? '' : `/${rest.join('/')}`,
        query,
        mode,
        contentType: req.headers['content-type'],
        authorization: req.headers.authorization,
        body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
      };
      requests.push(recorded);
      const heard = codec.read(recorded);
      sessionOf.set(recorded, heard.sessionId);
      if (mode === 'malformed') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"hello":"world"}');
        return;
      }
      let said: Said | undefined;
      if (heard.kind === 'start') said = exampleStart(heard.text);
      if (heard.kind === 'input') {
        const state = states.get(heard.sessionId) ?? 'menu';
        if (state === 'pin') secrets.push(heard.text);
        said = exampleStep(state, heard.text);
      }
      if (said === undefined) states.delete(heard.sessionId);
      else states.set(heard.sessionId, said.state);
      const answer = codec.write(recorded, said);
      const json = { ...answer.json };
      if (mode === 'noecho') for (const field of codec.echoes) delete json[field];
      const headers = { 'content-type': 'application/json', ...answer.headers };
      res.writeHead(200, headers).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (mode = 'ok') => `http://127.0.0.1:${port}/${mode}`,
    requests,
    of: (sessionId) => requests.filter((request) => sessionOf.get(request) === sessionId),
    secrets,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The `Ussdkit-Input: secret` header of an answer whose screen asks a secret. */
export function secretHeader(said: Said | undefined): Record<string, string> {
  return said?.secret === true ? { 'ussdkit-input': 'secret' } : {};
}
