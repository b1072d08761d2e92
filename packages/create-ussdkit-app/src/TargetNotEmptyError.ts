/**
 * The directory a project was to be created in already holds files: nothing is written, so
 * nothing of yours is overwritten. `create-ussdkit-app` prints the message and exits with code 2.
 *
 * @example
 * ```ts
 * try {
 *   await createProject({ directory: '.', template: 'hono' });
 * } catch (error) {
 *   if (error instanceof TargetNotEmptyError) console.error(error.message, error.directory);
 * }
 * ```
 */
export class TargetNotEmptyError extends Error {
  override readonly name = 'TargetNotEmptyError';

  constructor(
    /** The absolute path of the directory. */
    readonly directory: string,
    /** Up to three of the entries found in it. */
    readonly entries: readonly string[],
  ) {
    super(
      `${directory} is not empty (it holds ${entries.map((entry) => `"${entry}"`).join(', ')}${
        entries.length === 3 ? ', ...' : ''
      }). Choose a new directory name, or empty this one first.`,
    );
  }
}
