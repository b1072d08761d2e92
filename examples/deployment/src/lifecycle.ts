// examples/deployment/src/lifecycle.ts: logs, the configuration check, the stop on SIGTERM
import { type ClosableServer, closeGracefully } from '@ussdkit/router/node';
import { ConfigError } from './ConfigError';
import type { ServerState } from './readiness';
import type { OpenStore } from './sessionStore';

/** One JSON line on stdout, what container platforms collect. */
export function log(event: string, fields: Record<string, unknown> = {}): void {
  console.log(JSON.stringify({ time: new Date().toISOString(), event, ...fields }));
}

/**
 * Runs `start`, or exits with 1 and the problems of the configuration (never its values).
 *
 * @example
 * ```ts
 * const config = configuredOrExit(() => loadConfig(process.env));
 * ```
 */
export function configuredOrExit<T>(start: () => T): T {
  try {
    return start();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** What {@link stopOnSignals} closes, and how long it waits. */
export interface StopOptions {
  readonly state: ServerState;
  readonly store: OpenStore;
  readonly timeoutMs: number;
}

/**
 * On SIGTERM (what `docker stop` and Kubernetes send) or SIGINT: marks the server draining,
 * stops taking connections, lets the events in flight be answered for up to `timeoutMs`, closes
 * the store, and exits 0 (1 when some events had to be cut).
 *
 * @example
 * ```ts
 * stopOnSignals(server.listen(3000), { state, store, timeoutMs: 10_000 });
 * ```
 */
export function stopOnSignals(server: ClosableServer, options: StopOptions): void {
  const stop = async (signal: NodeJS.Signals) => {
    options.state.draining = true;
    const closing = closeGracefully(server, { timeoutMs: options.timeoutMs });
    // Logged once the listening socket is closed: from this line on, connections are refused.
    log('draining', { signal, timeoutMs: options.timeoutMs });
    const { drained } = await closing;
    await options.store.close();
    log('stopped', { drained });
    process.exit(drained ? 0 : 1);
  };
  // A second signal while draining changes nothing: the timeout bounds the wait.
  process.once('SIGTERM', (signal) => void stop(signal));
  process.once('SIGINT', (signal) => void stop(signal));
}
