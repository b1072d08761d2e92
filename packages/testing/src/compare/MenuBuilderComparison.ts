/**
 * The form Africa's Talking posts for one request, as ussd-menu-builder's `menu.run(args)` reads
 * it: `text` is every input of the session so far, joined by `*`.
 *
 * @example
 * ```ts
 * const args: AfricasTalkingArgs = { sessionId: 'ATUid_1', serviceCode: '*384*1234#', phoneNumber: '+254711000001', text: '1*250' };
 * ```
 */
export interface AfricasTalkingArgs {
  readonly sessionId: string;
  readonly serviceCode: string;
  readonly phoneNumber: string;
  readonly text: string;
}

/**
 * What the comparison needs of a ussd-menu-builder app: a `UssdMenu` (`new UssdMenu()`) has it.
 * Written here as a shape, so that `@ussdkit/testing` never loads ussd-menu-builder itself.
 *
 * @example
 * ```ts
 * const original: MenuBuilderLike = menu; // a UssdMenu with its states
 * ```
 */
export interface MenuBuilderLike {
  /** Answers one request: `CON …` (the session goes on) or `END …`. */
  run(args: AfricasTalkingArgs): Promise<string>;
  /** ussd-menu-builder reports a failed state as an `error` event, and never answers. */
  once?(event: 'error', listener: (error: unknown) => void): unknown;
  removeListener?(event: 'error', listener: (error: unknown) => void): unknown;
}

/**
 * The port as Africa's Talking reaches it: a fetch-style handler, such as
 * `africasTalking(app)` of `@ussdkit/africastalking`.
 *
 * @example
 * ```ts
 * const port: FetchHandler = africasTalking(app);
 * ```
 */
export type FetchHandler = (request: Request) => Response | Promise<Response>;

/**
 * Options of {@link compareWithMenuBuilder}. Both sides are made afresh for each sequence (a
 * session from the dial), so that one sequence's state and services never reach another.
 *
 * @example
 * ```ts
 * const options: ComparisonOptions = {
 *   original: () => bankingMenu(fakeServices()),
 *   port: () => africasTalking(bankingApp(fakeServices())),
 *   sequences: [['1', '250'], ['3', '1234']],
 * };
 * ```
 */
export interface ComparisonOptions {
  /** Makes the ussd-menu-builder app for one sequence. */
  readonly original: () => MenuBuilderLike;
  /** Makes the port, served on Africa's Talking's protocol, for one sequence. */
  readonly port: () => FetchHandler;
  /** The customer's inputs after the dial, one array per session. */
  readonly sequences: readonly (readonly string[])[];
  /** @defaultValue `"*384*1234#"` */
  readonly serviceCode?: string | undefined;
  /** @defaultValue `"+254711000001"` */
  readonly phoneNumber?: string | undefined;
  /** Africa's Talking's `networkCode`, sent to the port. @defaultValue `"63902"` */
  readonly networkCode?: string | undefined;
  /** How long the original may take to answer one request before it counts as failed. @defaultValue `5000` */
  readonly timeoutMs?: number | undefined;
}

/**
 * How an answer differs: `reask`, the port shows the screen the original showed again, under a
 * line saying why (the original re-shows it silently); `different`, anything else;
 * `original-failed` or `port-failed`, one side gave no Africa's Talking answer.
 */
export type DifferenceKind = 'reask' | 'different' | 'original-failed' | 'port-failed';

/**
 * One request the two answered differently.
 *
 * @example
 * ```ts
 * for (const difference of comparison.differences) console.log(difference.inputs, difference.original, difference.port);
 * ```
 */
export interface ComparisonDifference {
  readonly kind: DifferenceKind;
  /** Which sequence, from 0. */
  readonly sequence: number;
  /** The inputs sent up to this request (empty: the dial). */
  readonly inputs: readonly string[];
  /** What the original answered (`CON …`, `END …`), or why it did not. */
  readonly original: string;
  /** What the port answered, or why it did not. */
  readonly port: string;
  /** For a `reask`: the line the port shows above the screen. */
  readonly reason?: string | undefined;
}

/**
 * What {@link compareWithMenuBuilder} resolves to: how many requests were sent to each side,
 * how many got the same answer, and every difference.
 *
 * @example
 * ```ts
 * expect(comparison.differences.filter((d) => d.kind !== 'reask')).toEqual([]);
 * ```
 */
export interface MenuBuilderComparison {
  readonly requests: number;
  readonly identical: number;
  readonly differences: readonly ComparisonDifference[];
}
