import { parseWire } from '@ussdkit/protocol';
import { Hono } from 'hono';
import { type AllowedHostsConfig, allowedHostsConfigSchema } from './config/allowedHostsConfig';
import type { HistoryRetentionConfig } from './config/historyRetentionConfig';
import { type SandboxConfigInput, sandboxConfigSchema } from './config/SandboxConfig';
import {
  type SessionRetentionConfig,
  sessionRetentionConfigSchema,
} from './config/sessionRetentionConfig';
import { SandboxClock } from './core/SandboxClock';
import { ServiceError } from './core/ServiceError';
import { demoConfig } from './demoConfig';
import { createGateway, createGatewayRoutes, type SessionAbortNotice } from './gateway/index';
import { guardContentType } from './http/guardContentType';
import { guardHost } from './http/guardHost';
import { guardOrigin } from './http/guardOrigin';
import { hostAllowList } from './http/hostAllowList';
import { sandboxAppRoutes } from './http/sandboxAppRoutes';
import { sandboxFaultRoutes } from './http/sandboxFaultRoutes';
import { gatewayDeps } from './internal/gatewayDeps';
import { limitBody } from './internal/limitBody';
import { answerErrors } from './service/answerErrors';
import { createServiceApp } from './service/createServiceApp';
import { createWebRoutes } from './web/index';

/** Largest request body the sandbox reads, in bytes (64 KiB); larger ones get 413. */
export const BODY_LIMIT_BYTES = 64 * 1024;

const tooLarge = new ServiceError(
  413,
  'PAYLOAD_TOO_LARGE',
  `bodies are limited to ${BODY_LIMIT_BYTES} bytes`,
);

/** Options of {@link createSandbox}. */
export interface CreateSandboxOptions {
  /** The service's main code; apps are dialled as `*<mainCode>*<appCode>#`. @defaultValue `"384"` */
  readonly mainCode?: string;
  /** Developers, apps and catalogue. @defaultValue {@link demoConfig}() */
  readonly config?: SandboxConfigInput;
  /** Real time a `slow` sync acquire waits before answering UNKNOWN/TIMEOUT. @defaultValue 200 */
  readonly providerTimeoutMs?: number;
  /**
   * How much operation history is kept; overrides the configuration's `historyRetention`.
   * @defaultValue the configuration's: the latest 100,000 entries, each for 7 days of sandbox time
   */
  readonly historyRetention?: HistoryRetentionConfig;
  /**
   * What the gateway keeps of past sessions (ended sessions, merchant operationIds); overrides
   * the configuration's `sessionRetention`.
   * @defaultValue the configuration's: the latest 10,000 ended sessions for 24 hours, the latest
   * 100,000 operationIds for 24 hours
   */
  readonly sessionRetention?: SessionRetentionConfig;
  /** Serve the web phone at `/` (its files from the package's `public/`). @defaultValue true */
  readonly webPhone?: boolean;
  /**
   * The address the sandbox is served on, allowed as a `Host` (a wildcard, `0.0.0.0` or `::`,
   * allows any IP address). `startSandbox` passes its `host`.
   * @defaultValue none: only the loopback names and `allowedHosts`
   */
  readonly host?: string;
  /**
   * Host names answered besides `localhost`, `127.0.0.1`, `[::1]` and `host`, added to the
   * configuration's: a name (`sandbox`), or `.example.com` for a domain and its subdomains. Any
   * other `Host` header gets 403 `HOST_NOT_ALLOWED` (docs/security.md).
   * @defaultValue the configuration's `allowedHosts`
   */
  readonly allowedHosts?: AllowedHostsConfig;
  /**
   * Receives unexpected errors: of requests (answered 500) and of timer tasks.
   * @defaultValue ignores them
   */
  readonly onError?: (error: unknown) => void;
  /**
   * Hears each session that aborts, with the sentence that explains it (`notice.message`, also
   * the session report's `abortMessage`), e.g. to log it.
   * @defaultValue none
   */
  readonly onSessionAborted?: (notice: SessionAbortNotice) => void;
}

/** A sandbox without a socket: a fetch handler, its clock, and a way to stop its timers. */
export interface Sandbox {
  /**
   * Answers one HTTP request (the Hono app's `fetch`); `env` is what the server adapter passes
   * (`@hono/node-server`: `{incoming, outgoing}`, which lets the sandbox read bodies directly).
   */
  fetch(request: Request, env?: Record<string, unknown>): Promise<Response>;
  /** The sandbox clock; `advance(seconds)` runs what became due. */
  readonly clock: SandboxClock;
  /** Stops every timer and the gateway's in-flight app calls. */
  close(): Promise<void>;
}

/**
 * Assembles the whole service as a Hono app: the service endpoints, the sandbox API, the USSD
 * gateway, the web phone at `/`, `GET /health`; 404 JSON for unknown paths, 413 for bodies over
 * 64 KiB, every error as JSON `{code, message}`. Safe to leave running (docs/security.md): a `Host`
 * outside the allow-list is 403 `HOST_NOT_ALLOWED`, a body that is not JSON (and any sandbox API
 * write without `Content-Type: application/json`) 415, a sandbox API write from another origin 403
 * `ORIGIN_NOT_ALLOWED`. No socket: serve `fetch` yourself or use `startSandbox`.
 *
 * @throws `ProtocolError` naming the field when `config` is invalid.
 *
 * @example
 * ```ts
 * const sandbox = createSandbox();
 * const res = await sandbox.fetch(new Request('http://sandbox/health'));
 * await sandbox.close();
 * ```
 */
export function createSandbox(options: CreateSandboxOptions = {}): Sandbox {
  const config = parseWire(
    sandboxConfigSchema,
    options.config ?? demoConfig(),
    'sandbox configuration',
  );
  const onError = options.onError ?? (() => {});
  const clock = new SandboxClock({ onTaskError: onError });
  const sessionRetention =
    options.sessionRetention === undefined
      ? config.sessionRetention
      : parseWire(sessionRetentionConfigSchema, options.sessionRetention, 'sessionRetention');
  // The service's rules as one app, the msw handlers' too; its sessions run in the gateway.
  const service = createServiceApp({
    config,
    mainCode: options.mainCode,
    clock,
    historyRetention: options.historyRetention,
    providerTimeoutMs: options.providerTimeoutMs,
    onError,
    sessions: (core) =>
      createGateway(
        gatewayDeps({ ...core, sessionRetention, onSessionAborted: options.onSessionAborted }),
      ),
  });
  const gateway = service.sessions;
  const allowsHost = hostAllowList({
    host: options.host,
    allowedHosts: [
      ...config.allowedHosts,
      ...(options.allowedHosts === undefined
        ? []
        : parseWire(allowedHostsConfigSchema, options.allowedHosts, 'allowedHosts')),
    ],
  });

  const app = answerErrors(new Hono(), onError);
  // Before anything reads the request: who may ask (Host), what it sends (JSON), whence (Origin).
  app.use('*', guardHost(allowsHost));
  app.use('*', guardContentType());
  app.use('/sandbox/*', guardOrigin());
  app.use(
    '*',
    limitBody({
      maxSize: BODY_LIMIT_BYTES,
      // The rest of the body stays unread, so the connection cannot carry another request.
      onError: (c) => c.json(tooLarge.toBody(), tooLarge.status, { connection: 'close' }),
    }),
  );
  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.route('/', service.routes);
  app.route('/sandbox/apps', sandboxAppRoutes(service));
  app.route('/sandbox/apps', sandboxFaultRoutes({ apps: service.apps, gateway }));
  app.route('/', createGatewayRoutes(gateway));
  if (options.webPhone !== false) app.route('/', createWebRoutes());

  return {
    fetch: async (request, env) => app.fetch(request, env),
    clock,
    close: async () => {
      const closing = gateway.close();
      clock.close();
      await closing;
    },
  };
}
