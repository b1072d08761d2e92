import type { UssdApp } from '@ussdkit/router';

/**
 * What the harness needs of an app: a `@ussdkit/router` app's typed `dispatch` (every app made
 * with `createApp` has it: events go in typed, no JSON is built), or a hand-written handler with
 * the older `handle` shape (an app served elsewhere, reached over HTTP).
 *
 * @example
 * ```ts
 * const phone = createHarness(app satisfies UssdHandler);
 * ```
 */
export type UssdHandler = Pick<UssdApp<unknown>, 'dispatch'> | Pick<UssdApp<unknown>, 'handle'>;
