/**
 * The command line must change: an unknown option or template, a missing directory, a `--from`
 * folder without the tarballs a template needs. `create-ussdkit-app` prints the message and exits
 * with code 2.
 *
 * @example
 * ```ts
 * try {
 *   parseCliArgs(['--template', 'koa']);
 * } catch (error) {
 *   if (error instanceof UsageError) console.error(error.message);
 * }
 * ```
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
