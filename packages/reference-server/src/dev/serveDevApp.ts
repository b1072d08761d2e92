import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServiceError } from '../core/ServiceError';
import { BODY_LIMIT_BYTES } from '../createSandbox';
import { sameSecret } from '../http/authenticate';
import { hostRefusal } from '../http/guardHost';
import { hostAllowList } from '../http/hostAllowList';
import { callDevApp } from './callDevApp';
import type { CapturedError, captureRouterErrors } from './captureRouterErrors';
import type { DevApp } from './DevApp';

/** The mount point of the app on the dev server: the sandbox posts to `<url>/ussdSessionEvent/*`. */
const MOUNT = '/ussd';

/** What {@link serveDevApp} needs. */
export interface DevServerOptions {
  /** The app new sessions get: the latest one loaded. */
  readonly current: () => DevApp;
  readonly host: string;
  /**
   * The `Authorization` the sandbox sends, a token of this run: any other request is refused
   * before its body is read (and the app never sees it).
   */
  readonly authToken: string;
  /** The `Authorization` the app is handed instead: its own `authToken`, when it has one. */
  readonly appToken: string;
  /** Hears what the developer should know (an app that refuses the token it is handed). */
  readonly notice: (text: string) => void;
  readonly capture: ReturnType<typeof captureRouterErrors>;
  /** Hears the errors the router reported while it handled an event. */
  readonly onErrors: (report: {
    sessionId: string | undefined;
    event: string;
    errors: CapturedError[];
  }) => Promise<void>;
}

/** The app served on loopback for the sandbox. */
export interface DevServer {
  /** The app's URL as the sandbox registers it, e.g. `http://127.0.0.1:41234/ussd`. */
  readonly url: string;
  /** Sessions pinned to the app version that answered their `new` (for tests and diagnostics). */
  readonly sessions: number;
  close(): Promise<void>;
}

const APP_REFUSED_TOKEN =
  "ussdkit dev: the app answered 401 to the token it is handed (--auth-token, demo-token by default): start dev with --auth-token set to the app's authToken.";

/** The body, or a 413 once it outgrows the sandbox's own limit. */
async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT_BYTES) {
      throw new ServiceError(
        413,
        'PAYLOAD_TOO_LARGE',
        `bodies are limited to ${BODY_LIMIT_BYTES} bytes`,
      );
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sessionIdOf(text: string): string | undefined {
  try {
    const id = (JSON.parse(text) as { sessionId?: unknown }).sessionId;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** A JSON `{code, message}` answer; the connection closes, since the body may be left unread. */
function refuse(response: ServerResponse, error: ServiceError): void {
  response.writeHead(error.status, { 'content-type': 'application/json', connection: 'close' });
  response.end(JSON.stringify(error.toBody()));
}

/**
 * Why a request is refused before anything of it is read or kept, or `undefined`: a method or
 * path that is not an event of the app (404), a `Host` the sandbox's allow-list refuses (403,
 * DNS rebinding), an `Authorization` other than the sandbox's token (401).
 */
function refusalOf(
  request: IncomingMessage,
  path: string,
  allows: (host: string) => boolean,
  authToken: string,
): ServiceError | undefined {
  if (request.method !== 'POST' || !path.startsWith(`${MOUNT}/`)) {
    return new ServiceError(404, 'NOT_FOUND', `no route for ${request.method} ${path}`);
  }
  const host = hostRefusal(
    allows,
    request.headers.host,
    'the app server of ussdkit dev',
    () => 'Only the sandbox that ussdkit dev started calls it, at the address it printed.',
  );
  if (host !== undefined) return host;
  const given = request.headers.authorization;
  if (given === undefined || !sameSecret(given, authToken)) {
    return new ServiceError(
      401,
      'UNAUTHORIZED',
      'the Authorization header is not the token ussdkit dev gave its sandbox: only that sandbox may call this app server',
    );
  }
  return undefined;
}

/**
 * Serves the app of `dev` over HTTP on a free port, to its sandbox only: the sandbox's `Host`
 * allow-list and the run's token are checked before a body is read, so a request from elsewhere
 * (a page through DNS rebinding, anything without the token, the public demo token included)
 * reaches nothing and leaves nothing kept. The app is handed its own token (`appToken`). A session stays with the app version that answered its `new` until it ends, so an edit
 * applies from the next dial and never changes the flow under a customer halfway through.
 *
 * @example
 * ```ts
 * const server = await serveDevApp({ current: () => app, host: '127.0.0.1', authToken, capture, onErrors });
 * ```
 */
export async function serveDevApp(options: DevServerOptions): Promise<DevServer> {
  const pinned = new Map<string, DevApp>();
  const allows = hostAllowList({ host: options.host });
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const refusal = refusalOf(request, path, allows, options.authToken);
    if (refusal !== undefined) {
      refuse(response, refusal);
      return;
    }
    let sessionId: string | undefined;
    void (async () => {
      const body = await readText(request);
      sessionId = sessionIdOf(body);
      const event = path.slice(path.lastIndexOf('/') + 1);
      let app = (sessionId === undefined ? undefined : pinned.get(sessionId)) ?? options.current();
      if (event === 'new' && sessionId !== undefined) {
        app = options.current();
        pinned.set(sessionId, app);
      }
      if ((event === 'close' || event === 'abort') && sessionId !== undefined) {
        pinned.delete(sessionId);
      }
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(', ') : value,
        ]),
      );
      headers.authorization = options.appToken;
      const { result, errors } = await options.capture.during(() =>
        callDevApp(app, { path: path.slice(MOUNT.length), headers, body }),
      );
      if (result.status === 401) options.notice(APP_REFUSED_TOKEN);
      // Before the answer: the sandbox's transcript still ends on the screen that was answered.
      if (errors.length > 0) await options.onErrors({ sessionId, event, errors });
      if (result.body === undefined) {
        response.writeHead(result.status, result.headers).end();
        return;
      }
      response.writeHead(result.status, { ...result.headers, 'content-type': 'application/json' });
      response.end(result.body);
    })().catch(async (error: unknown) => {
      if (error instanceof ServiceError) {
        refuse(response, error);
        return;
      }
      const errors = [{ sentence: 'ussdkit dev: the app threw', error }];
      await options.onErrors({ sessionId, event: 'request', errors }).catch(() => {});
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ code: 'INTERNAL', message: 'The app could not handle this event' }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, options.host, resolve));
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}${MOUNT}`,
    get sessions() {
      return pinned.size;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
