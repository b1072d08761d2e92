import type { InfoOptions, InfoScreen } from '../Screen';
import type { ScreenExtras } from '../ScreenFactories';

/**
 * Declares a final screen (InfoView): shows `text` and the session ends.
 *
 * @example
 * ```ts
 * info({ text: (ctx) => `Sent ${ctx.state.amount} NGN. Thank you!` })
 * ```
 */
export function info<S, L extends string = string>(
  options: InfoOptions<S, L> & ScreenExtras<S, never, L>,
): InfoScreen<S, L> {
  return { ...options, kind: 'info' };
}
