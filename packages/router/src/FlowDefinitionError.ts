/**
 * A static text over the screen limit, as {@link FlowDefinitionError.tooLong} lists it: which
 * screen, which part, in which language, and its measure.
 *
 * @example
 * ```ts
 * const problem: TooLongText = { screen: 'welcome', part: 'text', language: 'ha', encoding: 'UCS2', length: 95, limit: 80 };
 * ```
 */
export interface TooLongText {
  /** The screen; undefined for one of the router's `messages`. */
  readonly screen: string | undefined;
  /** What is too long: `text`, `item "Buy data"` (with the title and navigation), `messages.busy`. */
  readonly part: string;
  readonly language: string;
  /** `UCS2` as soon as one character is outside GSM 7-bit (Hausa's `ɗ`, `ƙ`, Yoruba's `ẹ`). */
  readonly encoding: 'GSM7' | 'UCS2';
  /** Septets for GSM 7-bit, UTF-16 code units for UCS-2. */
  readonly length: number;
  readonly limit: number;
}

/**
 * Thrown by `createApp` when the flow is wrong: missing targets, unreachable screens, duplicate
 * or colliding access keys, static texts over the screen limit in any language, a text record
 * without one of the languages, router messages missing for a language. Lists every problem at
 * once; the texts over the limit are also in `tooLong`, with their screen and language.
 *
 * @example
 * ```ts
 * try { createApp(definition); }
 * catch (error) { if (error instanceof FlowDefinitionError) console.error(error.problems, error.tooLong); }
 * ```
 */
export class FlowDefinitionError extends Error {
  override readonly name = 'FlowDefinitionError';
  /** Every problem found, one sentence each. */
  readonly problems: readonly string[];
  /** The static texts over the screen limit (each also has its sentence in `problems`). */
  readonly tooLong: readonly TooLongText[];

  constructor(problems: readonly string[], tooLong: readonly TooLongText[] = []) {
    super(
      `The USSD flow has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems
        .map((problem) => `  - ${problem}`)
        .join('\n')}`,
    );
    this.problems = problems;
    this.tooLong = tooLong;
  }
}
