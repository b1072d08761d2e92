import type { ExploreStep } from './ExploreStep';

/**
 * What kind of fault the explorer found: a handler or text function `throws`; a screen is
 * `too-long` for the phone (in some language); an event passed the `deadline`; a screen is
 * `stuck` (no path from it ends the session); an `invalid-answer` fails the wire schema.
 */
export type ExploreProblemKind = 'throws' | 'too-long' | 'deadline' | 'stuck' | 'invalid-answer';

/**
 * One fault, with what reproduces it: how the session started and the customer's inputs after
 * (`reproduce(app, problem)` replays them in the harness).
 *
 * @example
 * ```ts
 * const { problems } = await explore(app);
 * for (const problem of problems) console.log(problem.kind, problem.screen, problem.inputs);
 * ```
 */
export interface ExploreProblem {
  readonly kind: ExploreProblemKind;
  /** The screen where it happened (for `deadline`, the screen whose handler was late). */
  readonly screen: string;
  /** How the session started, as the harness writes it: `dial *384*1#`, `push "…"`. */
  readonly start: string;
  /** What the customer sent after the start, readable (`1`, `500`, `(payment Failure: Other)`). */
  readonly inputs: readonly string[];
  /** The same steps, for `reproduce`. */
  readonly steps: readonly ExploreStep[];
  readonly message: string;
  /** The language the session started in, when the app has more than one. */
  readonly language?: string | undefined;
}

/**
 * How much of the flow the explorer saw.
 *
 * @example
 * ```ts
 * expect(coverage.unreached).toEqual([]);
 * ```
 */
export interface ExploreCoverage {
  /** Every declared screen and how many times it was shown. */
  readonly screens: readonly {
    readonly name: string;
    readonly kind: string;
    readonly shown: number;
  }[];
  /** Declared screens never shown (behind a handler's data, a push entry, too deep). */
  readonly unreached: readonly string[];
  /** Sessions run (each replays its inputs from the start). */
  readonly sessions: number;
  /** Whether a bound (`maxSessions`) stopped the walk before every branch was tried. */
  readonly truncated: boolean;
}

/**
 * What {@link explore} resolves to.
 *
 * @example
 * ```ts
 * const { problems, coverage } = await explore(app);
 * ```
 */
export interface ExploreResult {
  readonly problems: readonly ExploreProblem[];
  readonly coverage: ExploreCoverage;
}
