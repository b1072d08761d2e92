import type { Localized } from './Translations';

/**
 * A navigation key and the label shown for it in menus and paged texts. The label may be one per
 * language; without one, it is the language's `messages.backLabel`, `homeLabel` or `moreLabel`.
 *
 * @example
 * ```ts
 * { key: '0', label: 'Back' }
 * ```
 */
export interface NavigationKey<L extends string = string> {
  readonly key: string;
  /** @defaultValue the session language's `messages.backLabel` / `homeLabel` / `moreLabel` */
  readonly label?: Localized<L> | undefined;
}

/**
 * Navigation keys. `back` and `home` are added to menus (and accepted in input screens) when the
 * customer has somewhere to go back to; `more` pages long menus and long texts, and `back` goes
 * to their previous page. Keys are the same on every page and in every language.
 *
 * @example
 * ```ts
 * navigation: { back: { key: '0', label: 'Previous' }, home: false, more: { key: '99', label: 'Next' } }
 * ```
 */
export interface NavigationOptions<L extends string = string> {
  /** @defaultValue `{ key: '0', label: 'Back' }`; `false` turns it off */
  readonly back?: NavigationKey<L> | false | undefined;
  /** @defaultValue `{ key: '00', label: 'Home' }`; `false` turns it off */
  readonly home?: NavigationKey<L> | false | undefined;
  /** @defaultValue `{ key: '98', label: 'More' }` */
  readonly more?: NavigationKey<L> | undefined;
}

/**
 * The default navigation keys: back `0`, home `00`, more `98`.
 *
 * @example
 * ```ts
 * DEFAULT_NAVIGATION.more.key; // '98'
 * ```
 */
export const DEFAULT_NAVIGATION = {
  back: { key: '0', label: 'Back' },
  home: { key: '00', label: 'Home' },
  more: { key: '98', label: 'More' },
} as const satisfies NavigationOptions;
