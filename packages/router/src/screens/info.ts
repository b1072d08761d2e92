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
export function info<S>(options: InfoOptions<S> & ScreenExtras<S, never>): InfoScreen<S> {
  return { ...options, kind: 'info' };
}
