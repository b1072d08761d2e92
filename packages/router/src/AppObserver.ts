import type { NewSession } from '@ussdkit/protocol';
import type { ErrorInfo } from './ErrorInfo';
import type { RouterEvent } from './RouterEvent';

/**
 * Watches a running app from outside, for tools (the explorer of `@ussdkit/testing`, a dev
 * server): the same events and errors as the app's `onEvent` and `onError`, which still receive
 * them. Given to `app.observe`.
 *
 * @example
 * ```ts
 * const stop = app.observe({ event: (event) => seen.push(event), error: (error) => failures.push(error) });
 * ```
 */
export interface AppObserver {
  /** Every {@link RouterEvent}, as `onEvent` gets it (secret inputs redacted). */
  readonly event?: ((event: RouterEvent) => void) | undefined;
  /** Every error the router caught, with where it happened, as `onError` gets it. */
  readonly error?: ((error: unknown, info: ErrorInfo) => void) | undefined;
  /**
   * Picks the language of a new session before the app's own `language` option does, e.g. a
   * tool visiting each language; `undefined` leaves the choice to the app.
   */
  readonly language?: ((event: NewSession) => string | undefined) | undefined;
}
