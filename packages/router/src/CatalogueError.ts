/**
 * A catalogue whose files do not hold the same texts: a key missing in a language, or a value
 * that is not a text. Thrown by `catalogue()`, naming every key and language at once.
 *
 * @example
 * ```ts
 * try { catalogue({ en, ha }); }
 * catch (error) { if (error instanceof CatalogueError) console.error(error.missing); }
 * ```
 */
export class CatalogueError extends Error {
  override readonly name = 'CatalogueError';
  readonly code = 'CATALOGUE_INCOMPLETE';

  constructor(
    /** Each key some language lacks (or holds something other than a string for). */
    readonly missing: readonly { readonly key: string; readonly language: string }[],
    /** Other problems, one sentence each. */
    readonly problems: readonly string[] = [],
  ) {
    const sentences = [
      ...missing.map(({ key, language }) => `key "${key}" is missing in "${language}"`),
      ...problems,
    ];
    super(
      `The catalogue has ${sentences.length} problem${sentences.length === 1 ? '' : 's'}:\n${sentences
        .map((sentence) => `  - ${sentence}`)
        .join('\n')}`,
    );
  }
}
