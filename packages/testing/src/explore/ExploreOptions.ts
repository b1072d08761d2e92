import type { ScreenLimits } from '@ussdkit/protocol';
import type { UssdApp } from '@ussdkit/router';
import type { HarnessOptions } from '../createHarness';
import type { ExploreStart } from './ExploreStep';

/**
 * What {@link explore} needs of an app: a `@ussdkit/router` app (`createApp`'s result) has it
 * all: `dispatch` to drive it, `observe` to see its errors and events, and its declared screens,
 * graph and languages.
 *
 * @example
 * ```ts
 * const explorable: ExplorableApp = createApp({ state, start: 'menu', screens });
 * ```
 */
export type ExplorableApp = Pick<
  UssdApp<unknown>,
  'dispatch' | 'observe' | 'screens' | 'graph' | 'languages'
>;

/**
 * Options of {@link explore}: where sessions start, extra values, stubs, and bounds.
 *
 * @example
 * ```ts
 * await explore(app, { harness: { authToken: 'token' }, inputs: { pin: ['4821'] }, deadlineMs: 1000 });
 * ```
 */
export interface ExploreOptions {
  /** The app's short code; each `entry.dial` segment is dialled too (`*384*1*5#`). @defaultValue `'*384*1#'` */
  readonly shortcode?: string | undefined;
  /** More starts: pushes (their `contextData`) and redirects in, which the explorer cannot invent. */
  readonly starts?: readonly ExploreStart[] | undefined;
  /** Values to type on an input screen, by screen name, besides those drawn from its schema. */
  readonly inputs?: Readonly<Record<string, readonly string[]>> | undefined;
  /** The `resultParams` an embedded process returns with. @defaultValue `[{}]` */
  readonly embeddedResults?: readonly Readonly<Record<string, string>>[] | undefined;
  /** The `resultParams` another app returns with after a redirect. @defaultValue `[{}]` */
  readonly redirectResults?: readonly Readonly<Record<string, string>>[] | undefined;
  /** The languages to start sessions in. @defaultValue every language of the app */
  readonly languages?: readonly string[] | undefined;
  /** Who the harness calls as (`authToken` when the app checks one, `msisdn`). */
  readonly harness?: HarnessOptions | undefined;
  /** An event handled slower than this is a `deadline` problem. @defaultValue `3500` */
  readonly deadlineMs?: number | undefined;
  /** The phone's screen limits. @defaultValue `{ gsm7: 182, ucs2: 80 }` */
  readonly screenLimits?: ScreenLimits | undefined;
  /** Inputs after the start beyond which a screen is not expanded. @defaultValue `12` */
  readonly maxDepth?: number | undefined;
  /** How many times each screen (page, language) is expanded, by different paths. @defaultValue `2` */
  readonly maxVisits?: number | undefined;
  /** Sessions run at most; past it the walk stops (`coverage.truncated`). @defaultValue `5000` */
  readonly maxSessions?: number | undefined;
  /**
   * Runs before the walk, e.g. starts an msw server with the service's stubs; may return (or
   * resolve to) the function that undoes it, run after the walk.
   */
  readonly setup?: (() => unknown) | undefined;
}
