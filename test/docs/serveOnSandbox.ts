// A sandbox with apps served over HTTP and registered in it, as a reader of the docs would run
// them: `startSandbox` with the demo configuration, each app behind @ussdkit/express on its own
// port, and the sandbox API (docs/reference-server.md, "Sandbox API") to dial and answer.
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ussdRouter } from '@ussdkit/express';
import { DEMO, type RunningSandbox, startSandbox } from '@ussdkit/reference-server';
import type { UssdApp } from '@ussdkit/router';
import express from 'express';

/** A screen as the sandbox answers `POST /sandbox/sessions` and `.../input`. */
export interface Screen {
  readonly sessionId: string;
  readonly screen: string;
  readonly open: boolean;
}

/** The parts of `GET /sandbox/sessions/{id}` the tests read. */
export interface SessionReport {
  readonly open: boolean;
  readonly closeReason?: string;
  readonly abortReason?: string;
  readonly abortMessage?: string;
  readonly sessionTag?: string;
  readonly transcript: readonly { readonly from: string; readonly text: string }[];
}

/** An app to serve: `demo-app` is pointed at it, any other id is registered with `POST /sandbox/apps`. */
export interface AppToServe {
  readonly appId: string;
  readonly app: Pick<UssdApp<unknown>, 'door'>;
}

/** A phone of the sandbox: dials, then answers the session it dialled. */
export interface SandboxPhone {
  dial(dial: string): Promise<Screen>;
  send(text: string): Promise<Screen>;
  report(): Promise<SessionReport>;
}

export interface AppsOnSandbox {
  readonly sandbox: RunningSandbox;
  /** The dial string of each served app, by app id (`*384*1#` for `demo-app`). */
  readonly dials: Readonly<Record<string, string>>;
  call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T>;
  phone(msisdn: string): SandboxPhone;
  close(): Promise<void>;
}

/** Starts a sandbox and serves `apps` to it; `close()` stops the servers and the sandbox. */
export async function serveOnSandbox(apps: readonly AppToServe[]): Promise<AppsOnSandbox> {
  const sandbox = await startSandbox({ port: 0, quiet: true });
  const servers: Server[] = [];
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    // Every write says JSON, body or not: the sandbox API refuses a write without it.
    const response = await fetch(`${sandbox.url}${path}`, {
      method,
      ...(method === 'GET' ? {} : { headers: { 'content-type': 'application/json' } }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  };
  const close = async () => {
    await sandbox.close(); // first: it closes the gateway's connections to the apps
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  };
  const dials: Record<string, string> = {};
  try {
    for (const { appId, app } of apps) {
      const server = express().use('/ussd', ussdRouter(app)).listen(0, '127.0.0.1');
      servers.push(server);
      await once(server, 'listening');
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ussd`;
      const registered =
        appId === DEMO.appId
          ? await call<{ shortcode: string }>('PATCH', `/sandbox/apps/${appId}`, { url })
          : await call<{ shortcode: string }>('POST', '/sandbox/apps', {
              clientId: DEMO.clientId,
              appId,
              url,
            });
      dials[appId] = `*${registered.shortcode}#`;
    }
  } catch (error) {
    await close();
    throw error;
  }
  const phone = (msisdn: string): SandboxPhone => {
    let sessionId = '';
    const report = () => call<SessionReport>('GET', `/sandbox/sessions/${sessionId}`);
    // An aborted session shows the phone a generic apology: fail with the sandbox's reason instead.
    const unlessAborted = async (screen: Screen) => {
      const { abortMessage } = screen.open ? {} : await report();
      if (abortMessage !== undefined) throw new Error(`The session aborted: ${abortMessage}`);
      return screen;
    };
    return {
      async dial(dial) {
        const screen = await call<Screen>('POST', '/sandbox/sessions', { msisdn, dial });
        sessionId = screen.sessionId;
        return unlessAborted(screen);
      },
      send: async (text) =>
        unlessAborted(await call<Screen>('POST', `/sandbox/sessions/${sessionId}/input`, { text })),
      report,
    };
  };
  return { sandbox, dials, call, phone, close };
}
