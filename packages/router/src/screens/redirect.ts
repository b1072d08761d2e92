import type { RedirectOptions, RedirectScreen } from '../Screen';
import type { ScreenExtras } from '../ScreenFactories';

/**
 * Hands the session to another app; `onReturn` receives its `ReturnFromRedirectResult` params.
 *
 * @example
 * ```ts
 * redirect({ destinationAppId: 'bills', process: { id: 'pay', params: { ref: 'A1' } }, onReturn: 'menu' })
 * ```
 */
export function redirect<S, const T extends string, L extends string = string>(
  options: RedirectOptions<S, T, L> & ScreenExtras<S, T, L>,
): RedirectScreen<S, T, L> {
  return { ...options, kind: 'redirect' };
}
