import type { LegacyAppRedirectOptions, LegacyAppRedirectScreen } from '../Screen';
import type { ScreenExtras } from '../ScreenFactories';

/**
 * Hands the session to a legacy USSD app at `uri` (the `LegacyAppRedirect` action). Nothing comes
 * back to this app: like `info`, the screen leads nowhere.
 *
 * @example
 * ```ts
 * legacyAppRedirect({ uri: (ctx) => `https://legacy.example.com/ussd?msisdn=${ctx.msisdn}` })
 * ```
 */
export function legacyAppRedirect<S, L extends string = string>(
  options: LegacyAppRedirectOptions<S, L> & ScreenExtras<S, never, L>,
): LegacyAppRedirectScreen<S, L> {
  return { ...options, kind: 'legacyAppRedirect' };
}
