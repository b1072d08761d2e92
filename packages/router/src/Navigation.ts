/**
 * A navigation key and the label shown for it in menus.
 *
 * @example
 * ```ts
 * { key: '0', label: 'Back' }
 * ```
 */
export interface NavigationKey {
  readonly key: string;
  readonly label: string;
}

/**
 * Navigation keys. `back` and `home` are added to menus (and accepted in input screens) when the
 * customer has somewhere to go back to; `more` pages long menus. Keys are the same on every page.
 *
 * @example
 * ```ts
 * navigation: { back: { key: '0', label: 'Previous' }, home: false, more: { key: '99', label: 'Next' } }
 * ```
 */
export interface NavigationOptions {
  /** @defaultValue `{ key: '0', label: 'Back' }`; `false` turns it off */
  readonly back?: NavigationKey | false | undefined;
  /** @defaultValue `{ key: '00', label: 'Home' }`; `false` turns it off */
  readonly home?: NavigationKey | false | undefined;
  /** @defaultValue `{ key: '98', label: 'More' }` */
  readonly more?: NavigationKey | undefined;
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
