import type { ChooserOptions, ChooserScreen } from '../Screen';
import type { ScreenExtras } from '../ScreenFactories';

/**
 * Declares a menu (ChooserView). Long menus are paginated; the handler gets the chosen item.
 *
 * @example
 * ```ts
 * chooser({ title: 'Welcome', items: [{ label: 'Buy airtime', next: 'amount' }, { label: 'Help', next: 'help' }] })
 * ```
 */
export function chooser<S, const T extends string, V = undefined, L extends string = string>(
  options: ChooserOptions<S, T, V, L> & ScreenExtras<S, T, L>,
): ChooserScreen<S, T, V, L> {
  return { ...options, kind: 'chooser' };
}
