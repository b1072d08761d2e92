import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CapturedError, captureRouterErrors } from './captureRouterErrors';
import type { DevApp } from './DevApp';

/** The mount point of the app on the dev server: the sandbox posts to `<url>/ussdSessionEvent/*`. */
const MOUNT = '/ussd';

/** What {@link serveDevApp} needs. */
export interface DevServerOptions {
  /** The app new sessions get: the latest one loaded. */
  readonly current: () => DevApp;
  readonly host: string;
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
  close(): Promise<void>;
}

async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
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

/**
 * Serves the app of `dev` over HTTP on a free port. A session stays with the app version that
 * answered its `new` until it ends, so an edit applies from the next dial and never changes the
 * flow under a customer halfway through.
 *
 * @example
 * ```ts
 * const server = await serveDevApp({ current: () => app, host: '127.0.0.1', capture, onErrors });
 * ```
 */
export async function serveDevApp(options: DevServerOptions): Promise<DevServer> {
  const pinned = new Map<string, DevApp>();
  const server = createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? '').split('?')[0] ?? '';
      if (request.method !== 'POST' || !path.startsWith(`${MOUNT}/`)) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ code: 'NOT_FOUND', message: `no route for ${path}` }));
        return;
      }
      const body = await readText(request);
      const sessionId = sessionIdOf(body);
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
      const { result, errors } = await options.capture.during(() =>
        app.handle({ path: path.slice(MOUNT.length), headers, body }),
      );
      // Before the answer: the sandbox's transcript still ends on the screen that was answered.
      if (errors.length > 0) await options.onErrors({ sessionId, event, errors });
      if (result.body === undefined) {
        response.writeHead(result.status).end();
        return;
      }
      response.writeHead(result.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(result.body));
    })().catch(async (error: unknown) => {
      const errors = [{ sentence: 'ussdkit dev: the app threw', error }];
      await options.onErrors({ sessionId: undefined, event: 'request', errors }).catch(() => {});
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
