import type { ReturnFromRedirectOptions, ReturnFromRedirectScreen } from '../Screen';
import type { ScreenExtras } from '../ScreenFactories';

/**
 * Gives control back to the app that redirected here, with result params.
 *
 * @example
 * ```ts
 * returnFromRedirect({ resultParams: (ctx) => ({ status: 'paid', ref: ctx.state.ref }) })
 * ```
 */
export function returnFromRedirect<S, L extends string = string>(
  options: ReturnFromRedirectOptions<S, L> & ScreenExtras<S, never, L>,
): ReturnFromRedirectScreen<S, L> {
  return { ...options, kind: 'returnFromRedirect' };
}
