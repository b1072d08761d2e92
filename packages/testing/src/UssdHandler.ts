import type { UssdApp } from '@ussdkit/router';

/**
 * What the harness needs of a `@ussdkit/router` app: its framework-agnostic `handle`. Every app
 * made with `createApp` has it; a hand-written handler of the same shape works too.
 *
 * @example
 * ```ts
 * const phone = createHarness(app satisfies UssdHandler);
 * ```
 */
export type UssdHandler = Pick<UssdApp<unknown>, 'handle'>;
