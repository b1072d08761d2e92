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
}

/** Sends callbacks to developers with retries. */
export interface CallbackDispatcher {
  /** Queues a callback; the first attempt runs at once, without being awaited. */
  send(clientId: string, operationId: string, body: unknown): void;
}

/**
 * Delivers callbacks at least once: `POST <callbackUrl>` with the JSON body until the receiver
 * answers 2xx, retrying after 1 s, 2 s, 4 s … capped at 10 min, for 24 h of sandbox time. Every
 * attempt is logged. Retries are clock tasks, so `POST /sandbox/clock/advance` runs them.
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
    clock.schedule(delay, () => attempt(clientId, operationId, body, n + 1, firstAt));
  }

  return {
    send(clientId, operationId, body) {
      void attempt(clientId, operationId, body, 1, clock.now());
    },
  };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
