/**
 * A language code that is not one of the app's `languages`: given to `ctx.setLanguage` (which
 * throws it), or returned by the app's `language(event)` (reported to `onError`; the session
 * starts in the first language).
 *
 * @example
 * ```ts
 * onError: (error) => { if (error instanceof UnknownLanguageError) console.warn(error.language, error.languages); }
 * ```
 */
export class UnknownLanguageError extends Error {
  override readonly name = 'UnknownLanguageError';
  readonly code = 'UNKNOWN_LANGUAGE';

  constructor(
    /** The code that was given. */
    readonly language: unknown,
    /** The app's languages. */
    readonly languages: readonly string[],
  ) {
    super(
      `${JSON.stringify(language) ?? String(language)} is not one of the app's languages (${languages.map((code) => `"${code}"`).join(', ')}): give one of them, or add it to \`languages\``,
    );
  }
}
