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
export function returnFromRedirect<S>(
  options: ReturnFromRedirectOptions<S> & ScreenExtras<S, never>,
): ReturnFromRedirectScreen<S> {
  return { ...options, kind: 'returnFromRedirect' };
}
