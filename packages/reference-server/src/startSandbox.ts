import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { serve } from '@hono/node-server';
import type { AllowedHostsConfig } from './config/allowedHostsConfig';
import type { HistoryRetentionConfig } from './config/historyRetentionConfig';
import type { SandboxConfigInput } from './config/SandboxConfig';
import type { SessionRetentionConfig } from './config/sessionRetentionConfig';
import type { SandboxClock } from './core/SandboxClock';
import { createSandbox } from './createSandbox';
import { PortInUseError } from './PortInUseError';

/** Options of {@link startSandbox}. */
export interface SandboxOptions {
  /** TCP port; 0 picks a free one. @defaultValue 4000 */
  readonly port?: number;
  /** Interface to listen on. @defaultValue `"127.0.0.1"` */
  readonly host?: string;
  /** The service's main code. @defaultValue `"384"` */
  readonly mainCode?: string;
  /** Developers, apps and catalogue. @defaultValue `demoConfig()` */
  readonly config?: SandboxConfigInput;
  /** No console output (for tests). @defaultValue false */
  readonly quiet?: boolean;
  /**
   * Where the sandbox writes its log lines: each aborted session with the sentence that explains
   * it, and unexpected errors.
   * @defaultValue `console.error`, or nothing when `quiet`
   */
  readonly log?: (line: string) => void;
  /** Real time a `slow` sync acquire waits before answering UNKNOWN/TIMEOUT. @defaultValue 200 */
  readonly providerTimeoutMs?: number;
  /**
   * How much operation history is kept (`{entries, seconds}`); overrides the configuration's
   * `historyRetention`.
   * @defaultValue the configuration's: the latest 100,000 entries, each for 7 days of sandbox time
   */
  readonly historyRetention?: HistoryRetentionConfig;
  /**
   * What the gateway keeps of past sessions (`{endedSessions, seconds, operationIds,
   * operationIdSeconds}`); overrides the configuration's `sessionRetention`.
   * @defaultValue the configuration's: the latest 10,000 ended sessions for 24 hours, the latest
   * 100,000 operationIds for 24 hours
   */
  readonly sessionRetention?: SessionRetentionConfig;
  /**
   * Host names answered besides `localhost`, `127.0.0.1`, `[::1]` and `host` (any port), added to
   * the configuration's `allowedHosts`: a name (`sandbox`), or `.example.com` for a domain and its
   * subdomains. Any other `Host` header gets 403 `HOST_NOT_ALLOWED`, which keeps pages of other
   * sites out through DNS rebinding (docs/security.md).
   * @defaultValue the configuration's `allowedHosts`
   */
  readonly allowedHosts?: AllowedHostsConfig;
}

/** A listening sandbox. */
export interface RunningSandbox {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  readonly port: number;
  /** The sandbox clock: `advance(seconds)` resolves with the new `now()` in milliseconds. */
  readonly clock: SandboxClock;
  /** Stops accepting connections, closes them, and stops every timer. */
  close(): Promise<void>;
}

/** How long `close()` lets requests in flight finish before it drops their connections. */
const GRACE_MS = 2000;

/**
 * Starts the sandbox on a socket (`@hono/node-server`) and resolves once it listens. Rejects with
 * {@link PortInUseError} when the port is taken.
 *
 * @example
 * ```ts
 * const sandbox = await startSandbox({ port: 0, quiet: true });
 * const res = await fetch(`${sandbox.url}/health`);
 * await sandbox.close();
 * ```
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (options.quiet ? () => {} : (line: string) => console.error(line));
  const sandbox = createSandbox({
    ...(options.mainCode === undefined ? {} : { mainCode: options.mainCode }),
    ...(options.config === undefined ? {} : { config: options.config }),
    ...(options.providerTimeoutMs === undefined
      ? {}
      : { providerTimeoutMs: options.providerTimeoutMs }),
    ...(options.historyRetention === undefined
      ? {}
      : { historyRetention: options.historyRetention }),
    ...(options.sessionRetention === undefined
      ? {}
      : { sessionRetention: options.sessionRetention }),
    host,
    ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
    onError: (error) => log(`[sandbox] unexpected error: ${inspect(error)}`),
    onSessionAborted: ({ sessionId, appId, reason, message }) =>
      log(`[sandbox] session ${sessionId} of app ${appId} aborted (${reason}): ${message}`),
  });
  const requestedPort = options.port ?? 4000;
  let server: ReturnType<typeof serve>;
  try {
    server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const started = serve({ fetch: sandbox.fetch, port: requestedPort, hostname: host }, () =>
        resolve(started),
      );
      started.once('error', reject);
    });
  } catch (error) {
    await sandbox.close();
    if ((error as { code?: unknown }).code === 'EADDRINUSE') {
      throw new PortInUseError(requestedPort, host, { cause: error });
    }
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    clock: sandbox.clock,
    close() {
      closing ??= new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          if ('closeAllConnections' in server) server.closeAllConnections();
        }, GRACE_MS);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      }).then(() => sandbox.close());
      return closing;
    },
  };
}
