/**
 * One text in every language of the app: a record with a string for each language code given to
 * `createApp({ languages })`. Leaving a language out is a type error.
 *
 * @example
 * ```ts
 * const welcome: Translations<'en' | 'ha'> = { en: 'Welcome', ha: 'Barka da zuwa' };
 * ```
 */
export type Translations<L extends string> = { readonly [K in L]: string };

/**
 * What a text may be: a string (the same in every language) or {@link Translations}, one string
 * per language, from which the router picks the session's language (`ctx.language`).
 *
 * @example
 * ```ts
 * const title: Localized<'en' | 'pcm'> = { en: 'Buy airtime', pcm: 'Buy airtime' };
 * const help: Localized<'en' | 'pcm'> = 'Call 0800 000 0000';
 * ```
 */
export type Localized<L extends string> = string | Translations<L>;
