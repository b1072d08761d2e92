/**
 * What {@link closeGracefully} needs of a server: Node's `http.Server` and `https.Server` (what
 * Express's `app.listen()` and `@hono/node-server`'s `serve()` return) have it all.
 *
 * @example
 * ```ts
 * const server: ClosableServer = express().listen(3000);
 * ```
 */
export interface ClosableServer {
  close(callback?: (error?: Error) => void): unknown;
  /** Node 18.2+: closes the connections that carry no request. */
  closeIdleConnections?: (() => void) | undefined;
  /** Node 18.2+: closes every connection, busy or not. */
  closeAllConnections?: (() => void) | undefined;
}

/**
 * Options of {@link closeGracefully}.
 *
 * @example
 * ```ts
 * await closeGracefully(server, { timeoutMs: 8_000 });
 * ```
 */
export interface CloseGracefullyOptions {
  /**
   * How long requests in flight may take to be answered; past it their connections are cut.
   * Keep it under your platform's grace period (Kubernetes' `terminationGracePeriodSeconds`,
   * 30 s by default; Docker's `stop --time`, 10 s) and over the app's `deadlineMs`.
   * @defaultValue `10_000`
   */
  readonly timeoutMs?: number | undefined;
}

/**
 * How the server closed.
 *
 * @example
 * ```ts
 * const { drained } = await closeGracefully(server);
 * process.exit(drained ? 0 : 1);
 * ```
 */
export interface CloseGracefullyResult {
  /** `true` when every request in flight was answered; `false` when `timeoutMs` cut some. */
  readonly drained: boolean;
}

/** How often connections left idle by a finished response are closed while draining. */
const idleSweepMs = 50;

/**
 * Closes a Node HTTP server without dropping an event: it stops accepting connections at once,
 * closes idle keep-alive connections, lets every request in flight be answered (closing each
 * connection as its response ends), and after `timeoutMs` cuts what is left. Resolves when the
 * server is closed; rejects only with what `server.close` reports (Node's
 * `ERR_SERVER_NOT_RUNNING` for a server that was not listening).
 *
 * @example
 * ```ts
 * process.once('SIGTERM', async () => {
 *   const { drained } = await closeGracefully(server, { timeoutMs: 10_000 });
 *   await redis.quit();
 *   process.exit(drained ? 0 : 1);
 * });
 * ```
 */
export function closeGracefully(
  server: ClosableServer,
  options: CloseGracefullyOptions = {},
): Promise<CloseGracefullyResult> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return new Promise((resolve, reject) => {
    let drained = true;
    // A keep-alive connection whose last response just ended would otherwise stay open until
    // the server's keepAliveTimeout, holding up the close.
    const sweep = setInterval(() => server.closeIdleConnections?.(), idleSweepMs);
    const deadline = setTimeout(() => {
      drained = false;
      server.closeAllConnections?.();
    }, timeoutMs);
    sweep.unref?.();
    deadline.unref?.();
    server.close((error) => {
      clearInterval(sweep);
      clearTimeout(deadline);
      if (error !== undefined) reject(error);
      else resolve({ drained });
    });
    server.closeIdleConnections?.();
  });
}
