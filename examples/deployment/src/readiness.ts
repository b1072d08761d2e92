import type { OpenStore } from './sessionStore';

/** Whether the instance should be sent traffic, and why not. */
export interface Readiness {
  readonly ready: boolean;
  readonly status: 'ready' | 'draining' | 'store unavailable';
}

/** Where the server is in its life: `draining` from the stop signal on. */
export interface ServerState {
  draining: boolean;
}

/**
 * The readiness probe (`/readyz`): not ready while draining, so a load balancer that still
 * holds a kept-alive connection stops sending it events, nor while the store is unreachable.
 * The liveness probe (`/healthz`) is always `ok` while the process answers at all.
 *
 * @example
 * ```ts
 * const { ready, status } = await readiness(state, store);
 * ```
 */
export async function readiness(state: ServerState, store: OpenStore): Promise<Readiness> {
  if (state.draining) return { ready: false, status: 'draining' };
  if (!(await store.ready())) return { ready: false, status: 'store unavailable' };
  return { ready: true, status: 'ready' };
}
