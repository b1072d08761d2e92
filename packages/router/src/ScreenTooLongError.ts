/**
 * A screen the app computed was longer than the phone's screen: the router answered it cut to
 * the limit (with `...`) and reports this to `onError`, so a view over the limit never leaves
 * the router. Shorten the text, or move the rest to another screen.
 *
 * @example
 * ```ts
 * onError: (error) => { if (error instanceof ScreenTooLongError) metrics.count(error.screen); }
 * ```
 */
export class ScreenTooLongError extends Error {
  override readonly name = 'ScreenTooLongError';
  readonly code = 'SCREEN_TOO_LONG';

  constructor(
    /** The screen that computed the text. */
    readonly screen: string | undefined,
    readonly encoding: 'GSM7' | 'UCS2',
    readonly length: number,
    readonly limit: number,
  ) {
    super(
      `screen ${screen === undefined ? '(router message)' : `"${screen}"`} computed ${length} ${encoding === 'GSM7' ? 'GSM 7-bit septets' : 'UCS-2 characters'}, over the ${limit} of one screen: the customer saw it cut at the limit; shorten it or split it into screens`,
    );
  }
}
