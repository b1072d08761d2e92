import type { Text } from './Context';
import type {
  ChooserOptions,
  ChooserScreen,
  EmbeddedProcessOptions,
  EmbeddedProcessScreen,
  InfoOptions,
  InfoScreen,
  InputOptions,
  InputScreen,
  LegacyAppRedirectOptions,
  LegacyAppRedirectScreen,
  MerchantPaymentOptions,
  MerchantPaymentScreen,
  RedirectOptions,
  RedirectScreen,
  ReturnFromRedirectOptions,
  ReturnFromRedirectScreen,
} from './Screen';
import { chooser } from './screens/chooser';
import { embeddedProcess } from './screens/embeddedProcess';
import { info } from './screens/info';
import { input } from './screens/input';
import { legacyAppRedirect } from './screens/legacyAppRedirect';
import { merchantPayment } from './screens/merchantPayment';
import { redirect } from './screens/redirect';
import { returnFromRedirect } from './screens/returnFromRedirect';

/** Options every screen accepts. */
export interface ScreenExtras<S, T extends string, L extends string = string> {
  /** Shown in billing; a newer tag replaces the older one. */
  readonly sessionTag?: Text<S, L> | undefined;
  /** The screens this screen's handlers may return (`ctx.go(...)`), for the checker and graph. */
  readonly targets?: readonly T[] | undefined;
}

/**
 * The screen factories, typed with the app's state `S` and language codes `L`: `createApp`
 * passes them to `screens`, and every text they take is a string or a record over `L`.
 *
 * @example
 * ```ts
 * createApp({
 *   state,
 *   start: 'menu',
 *   screens: ({ chooser, info }) => ({
 *     menu: chooser({ title: 'Menu', items: [{ label: 'Leave', next: 'bye' }] }),
 *     bye: info({ text: 'Bye' }),
 *   }),
 * });
 * ```
 */
export interface ScreenFactories<S, L extends string = string> {
  input<const T extends string, O = string>(
    options: InputOptions<S, T, O, L> & ScreenExtras<S, T, L>,
  ): InputScreen<S, T, O, L>;
  chooser<const T extends string, V = undefined>(
    options: ChooserOptions<S, T, V, L> & ScreenExtras<S, T, L>,
  ): ChooserScreen<S, T, V, L>;
  info(options: InfoOptions<S, L> & ScreenExtras<S, never, L>): InfoScreen<S, L>;
  merchantPayment<const T extends string>(
    options: MerchantPaymentOptions<S, T, L> & ScreenExtras<S, T, L>,
  ): MerchantPaymentScreen<S, T, L>;
  embeddedProcess<const T extends string>(
    options: EmbeddedProcessOptions<S, T, L> & ScreenExtras<S, T, L>,
  ): EmbeddedProcessScreen<S, T, L>;
  redirect<const T extends string>(
    options: RedirectOptions<S, T, L> & ScreenExtras<S, T, L>,
  ): RedirectScreen<S, T, L>;
  returnFromRedirect(
    options: ReturnFromRedirectOptions<S, L> & ScreenExtras<S, never, L>,
  ): ReturnFromRedirectScreen<S, L>;
  legacyAppRedirect(
    options: LegacyAppRedirectOptions<S, L> & ScreenExtras<S, never, L>,
  ): LegacyAppRedirectScreen<S, L>;
}

/**
 * The factories typed with state `S` (what `createApp` hands to `screens`), for screens declared
 * in other files. Give the app's language codes as `L` so that text records are checked against
 * them (without it, a record of any languages is accepted).
 *
 * @example
 * ```ts
 * const { input, info } = screenFactories<{ name?: string }, 'en' | 'ha'>();
 * ```
 */
export function screenFactories<S, L extends string = string>(): ScreenFactories<S, L> {
  return {
    input,
    chooser,
    info,
    merchantPayment,
    embeddedProcess,
    redirect,
    returnFromRedirect,
    legacyAppRedirect,
  };
}
