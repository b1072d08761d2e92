/**
 * Thrown by `createApp` when the flow is wrong: missing targets, unreachable screens, duplicate
 * or colliding access keys, static texts over the screen limit. Lists every problem at once.
 *
 * @example
 * ```ts
 * try { createApp(definition); }
 * catch (error) { if (error instanceof FlowDefinitionError) console.error(error.problems); }
 * ```
 */
export class FlowDefinitionError extends Error {
  override readonly name = 'FlowDefinitionError';
  /** Every problem found, one sentence each. */
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(
      `The USSD flow has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems
        .map((problem) => `  - ${problem}`)
        .join('\n')}`,
    );
    this.problems = problems;
  }
}
