import { nextRetryDelay } from '../rules/index';
import type { CallbackLog } from './CallbackLog';
import type { Clock } from './Clock';

/** Options of {@link createCallbackDispatcher}. */
export interface CallbackDispatcherOptions {
  readonly clock: Clock;
  readonly log: CallbackLog;
  /** The developer's current callback URL; read at every attempt, so a fix applies to retries. */
  readonly callbackUrl: (clientId: string) => string | undefined;
  /** @defaultValue `globalThis.fetch` */
  readonly fetch?: typeof fetch;
  /** Real-time limit of one attempt. @defaultValue 5000 */
  readonly attemptTimeoutMs?: number;
  /** Hears every callback body as it is queued (the msw handlers' `onCallback`). */
  readonly onSend?: ((body: unknown) => void) | undefined;
}

/** Sends callbacks to developers with retries. */
export interface CallbackDispatcher {
  /** Queues a callback; the first attempt runs at once, without being awaited. */
  send(clientId: string, operationId: string, body: unknown): void;
  /** Resolves when every attempt under way has finished (answered, failed or timed out). */
  idle(): Promise<void>;
}

/**
 * Delivers callbacks at least once: `POST <callbackUrl>` with the JSON body until the receiver
 * answers 2xx, retrying after 1 s, 2 s, 4 s … capped at 10 min, for 24 h of sandbox time. Each
 * attempt gives up after `attemptTimeoutMs` of real time (a receiver that hangs is a failed
 * attempt, retried). Every attempt is logged. Retries are clock tasks, so
 * `POST /sandbox/clock/advance` runs them. Web APIs only: the msw handlers deliver with it too.
 *
 * @example
 * ```ts
 * const callbacks = createCallbackDispatcher({ clock, log, callbackUrl: (id) => developers.get(id)?.callbackUrl });
 * callbacks.send('demo-client', 'op-1', body);
 * ```
 */
export function createCallbackDispatcher(options: CallbackDispatcherOptions): CallbackDispatcher {
  const { clock, log } = options;
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.attemptTimeoutMs ?? 5000;
  const pending = new Set<Promise<void>>();

  /** Runs one attempt, tracked until it settles (see `idle`). */
  function track(attempt: Promise<void>): Promise<void> {
    pending.add(attempt);
    void attempt.finally(() => pending.delete(attempt));
    return attempt;
  }

  async function attempt(
    clientId: string,
    operationId: string,
    body: unknown,
    n: number,
    firstAt: number,
  ): Promise<void> {
    const url = options.callbackUrl(clientId);
    const at = clock.now() / 1000;
    if (url === undefined) {
      log.add({ operationId, url: '', attempt: n, error: 'no callback URL configured', at, body });
      return;
    }
    let delivered = false;
    try {
      const response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      delivered = response.ok;
      log.add({ operationId, url, attempt: n, status: response.status, at, body });
    } catch (error) {
      log.add({ operationId, url, attempt: n, error: describe(error), at, body });
    }
    if (delivered) return;
    const delay = nextRetryDelay(n, firstAt, clock.now());
    if (delay === undefined) return;
    clock.schedule(delay, () => track(attempt(clientId, operationId, body, n + 1, firstAt)));
  }

  return {
    send(clientId, operationId, body) {
      options.onSend?.(body);
      void track(attempt(clientId, operationId, body, 1, clock.now()));
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
