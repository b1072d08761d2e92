/**
 * Test harness of the gateway contract tests: a manual sandbox clock, small USSD apps written
 * with plain `node:http` handlers that validate every request against the upstream document, and
 * the gateway routes served over HTTP on loopback.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createUpstreamValidator } from '@ussdkit/protocol/contract';
import type { Clock, TimerHandle } from '../../src/core/Clock';
import {
  createGateway,
  createGatewayRoutes,
  type Gateway,
  type GatewayApp,
  type GatewayDeps,
  type GatewayDeveloper,
  type ScreenAnswer,
  type SessionCharge,
} from '../../src/gateway';

/** A clock that only moves when told, running due tasks in order (awaiting each). */
export class ManualClock implements Clock {
  #now = Date.UTC(2026, 0, 1);
  #tasks: { at: number; seq: number; task: () => void | Promise<void>; done: boolean }[] = [];
  #seq = 0;

  now(): number {
    return this.#now;
  }

  schedule(delayMs: number, task: () => void | Promise<void>): TimerHandle {
    const entry = { at: this.#now + delayMs, seq: this.#seq++, task, done: false };
    this.#tasks.push(entry);
    return {
      cancel: () => {
        entry.done = true;
      },
    };
  }

  async advance(seconds: number): Promise<number> {
    const target = this.#now + seconds * 1000;
    for (;;) {
      const due = this.#tasks
        .filter((entry) => !entry.done && entry.at <= target)
        .sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (due === undefined) break;
      due.done = true;
      this.#now = Math.max(this.#now, due.at);
      await due.task();
    }
    this.#now = target;
    this.#tasks = this.#tasks.filter((entry) => !entry.done);
    return this.#now;
  }
}

const validator = createUpstreamValidator();

export type AppEvent = 'new' | 'continue' | 'close' | 'abort';

/** A wire body as the tests read it (assertions check its fields). */
// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary wire fields
export type Wire = any;

/** One request a test app received. */
export interface Received {
  readonly event: AppEvent;
  readonly body: Wire;
  readonly authorization: string | undefined;
}

/**
 * What a test app answers: JSON (status 200 by default), raw text, or nothing until aborted;
 * `headers` are added to the answer (e.g. `Ussdkit-Input: secret`).
 */
export type Reply =
  | { readonly json: unknown; readonly status?: number; readonly headers?: Headers }
  | { readonly text: string; readonly status?: number; readonly headers?: Headers }
  | { readonly status: number }
  | 'hang';
export type AppHandler = (event: AppEvent, body: Wire) => Reply | undefined;
type Headers = Readonly<Record<string, string>>;

/** A running test app. */
export interface TestApp {
  readonly url: string;
  readonly received: Received[];
  /** Upstream-document violations found in the requests the gateway sent. */
  readonly violations: string[];
  handler: AppHandler;
  events(): AppEvent[];
  close(): Promise<void>;
}

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Starts a USSD app on loopback; `handler` answers new/continue, close/abort get 204. */
export async function startTestApp(handler: AppHandler): Promise<TestApp> {
  const received: Received[] = [];
  const violations: string[] = [];
  const app: TestApp = {
    url: '',
    received,
    violations,
    handler,
    events: () => received.map((entry) => entry.event),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer(async (req, res) => {
    const match = /^\/ussd\/ussdSessionEvent\/(new|continue|close|abort)$/.exec(req.url ?? '');
    const text = await readAll(req);
    if (req.method !== 'POST' || match === null) {
      violations.push(`unexpected request ${req.method} ${req.url}`);
      res.writeHead(404).end();
      return;
    }
    const event = match[1] as AppEvent;
    const body = JSON.parse(text) as unknown;
    const check = validator.appRequest(event, body);
    if (!check.valid) violations.push(`${event}: ${check.errors.join('; ')}`);
    if (req.headers['content-type'] !== 'application/json') {
      violations.push(`${event}: content-type ${req.headers['content-type']}`);
    }
    received.push({ event, body, authorization: req.headers.authorization });
    const reply = app.handler(event, body) ?? { status: 204 };
    if (reply === 'hang') return;
    if ('json' in reply) {
      res.writeHead(reply.status ?? 200, {
        'content-type': 'application/json',
        ...reply.headers,
      });
      res.end(JSON.stringify(reply.json));
    } else if ('text' in reply) {
      res.writeHead(reply.status ?? 200, { 'content-type': 'text/plain', ...reply.headers });
      res.end(reply.text);
    } else {
      res.writeHead(reply.status).end();
    }
  });
  Object.assign(app, { url: `${await listen(server)}/ussd` });
  return app;
}

/** A URL where nothing listens. */
export async function unreachableUrl(): Promise<string> {
  const server = createServer();
  const url = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `${url}/ussd`;
}

/** Hand-written gateway dependencies, with what the gateway did to them. */
export interface FakeWorld {
  readonly clock: ManualClock;
  readonly developers: Map<string, GatewayDeveloper & { virtualPurse: number }>;
  readonly apps: Map<string, GatewayApp>;
  readonly charges: SessionCharge[];
  readonly callbacks: { clientId: string; operationId: string; body: unknown }[];
  readonly deps: GatewayDeps;
  addDeveloper(clientId: string, extra?: Partial<GatewayDeveloper>): void;
  addApp(
    app: Partial<GatewayApp> & Pick<GatewayApp, 'appId' | 'clientId' | 'appCode' | 'url'>,
  ): void;
}

export const ALL_PERMISSIONS = ['ACQUIRE', 'PUSH', 'RECOVERY', 'EMBEDDED_PROCESS'];

/** A world with no developers or apps; add them with `addDeveloper` and `addApp`. */
export function fakeWorld(): FakeWorld {
  const clock = new ManualClock();
  const developers = new Map<string, GatewayDeveloper & { virtualPurse: number }>();
  const apps = new Map<string, GatewayApp>();
  const charges: SessionCharge[] = [];
  const callbacks: FakeWorld['callbacks'] = [];
  const deps: GatewayDeps = {
    clock,
    mainCode: '384',
    findAppByCode: (code) => [...apps.values()].find((app) => app.appCode === code),
    findAppById: (appId) => apps.get(appId),
    findDeveloper: (clientId) => developers.get(clientId),
    debitVirtualPurse(clientId, amount) {
      const developer = developers.get(clientId);
      if (developer === undefined || developer.virtualPurse < amount) return false;
      developer.virtualPurse -= amount;
      return true;
    },
    chargeSession: (entry) => void charges.push(entry),
    sendCallback: (clientId, operationId, body) =>
      void callbacks.push({ clientId, operationId, body }),
  };
  return {
    clock,
    developers,
    apps,
    charges,
    callbacks,
    deps,
    addDeveloper(clientId, extra = {}) {
      developers.set(clientId, {
        clientId,
        permissions: ALL_PERMISSIONS,
        feePerTick: 2,
        virtualPurse: 100,
        ...extra,
      });
    },
    addApp(app) {
      apps.set(app.appId, { answerTimeoutMs: 5000, authToken: `${app.appId}-token`, ...app });
    },
  };
}

/** The gateway routes served on loopback, with small HTTP helpers. */
export interface GatewayServer {
  readonly url: string;
  readonly gateway: Gateway;
  post(path: string, body?: unknown): Promise<{ status: number; body: Wire }>;
  get(path: string): Promise<{ status: number; body: Wire }>;
  dial(dial: string, msisdn?: string): Promise<ScreenAnswer>;
  input(sessionId: string, text: string): Promise<ScreenAnswer>;
  report(sessionId: string): Promise<Wire>;
  close(): Promise<void>;
}

/** Serves `createGatewayRoutes(createGateway(deps))` with @hono/node-server on port 0. */
export async function startGatewayServer(deps: GatewayDeps): Promise<GatewayServer> {
  const gateway = createGateway(deps);
  const routes = createGatewayRoutes(gateway);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: routes.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    );
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Wire };
  };
  const ok = async (path: string, body: unknown): Promise<Wire> => {
    const answer = await call('POST', path, body);
    if (answer.status !== 200)
      throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  return {
    url,
    gateway,
    post: (path, body) => call('POST', path, body),
    get: (path) => call('GET', path),
    dial: (dial, msisdn = '08031234567') => ok('/sandbox/sessions', { msisdn, dial }),
    input: (sessionId, text) => ok(`/sandbox/sessions/${sessionId}/input`, { text }),
    report: async (sessionId) => (await call('GET', `/sandbox/sessions/${sessionId}`)).body,
    close: async () => {
      await gateway.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A ShowView command. */
export function show(view: object, contextData = '', sessionTag?: string) {
  return {
    json: {
      action: { type: 'ShowView', view },
      contextData,
      ...(sessionTag === undefined ? {} : { sessionTag }),
    },
  };
}

/** Any command. */
export function command(action: object, contextData = '') {
  return { json: { action, contextData } };
}
