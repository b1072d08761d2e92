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
export interface ScreenExtras<S, T extends string> {
  /** Shown in billing; a newer tag replaces the older one. */
  readonly sessionTag?: Text<S> | undefined;
  /** The screens this screen's handlers may return (`ctx.go(...)`), for the checker and graph. */
  readonly targets?: readonly T[] | undefined;
}

/**
 * The screen factories, typed with the app's state `S`: `createApp` passes them to `screens`.
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
export interface ScreenFactories<S> {
  input<const T extends string, O = string>(
    options: InputOptions<S, T, O> & ScreenExtras<S, T>,
  ): InputScreen<S, T, O>;
  chooser<const T extends string, V = undefined>(
    options: ChooserOptions<S, T, V> & ScreenExtras<S, T>,
  ): ChooserScreen<S, T, V>;
  info(options: InfoOptions<S> & ScreenExtras<S, never>): InfoScreen<S>;
  merchantPayment<const T extends string>(
    options: MerchantPaymentOptions<S, T> & ScreenExtras<S, T>,
  ): MerchantPaymentScreen<S, T>;
  embeddedProcess<const T extends string>(
    options: EmbeddedProcessOptions<S, T> & ScreenExtras<S, T>,
  ): EmbeddedProcessScreen<S, T>;
  redirect<const T extends string>(
    options: RedirectOptions<S, T> & ScreenExtras<S, T>,
  ): RedirectScreen<S, T>;
  returnFromRedirect(
    options: ReturnFromRedirectOptions<S> & ScreenExtras<S, never>,
  ): ReturnFromRedirectScreen<S>;
  legacyAppRedirect(
    options: LegacyAppRedirectOptions<S> & ScreenExtras<S, never>,
  ): LegacyAppRedirectScreen<S>;
}

/**
 * The factories typed with state `S` (what `createApp` hands to `screens`).
 *
 * @example
 * ```ts
 * const { input, info } = screenFactories<{ name?: string }>();
 * ```
 */
export function screenFactories<S>(): ScreenFactories<S> {
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
