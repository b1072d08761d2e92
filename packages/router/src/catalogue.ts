import { CatalogueError } from './CatalogueError';
import { fillPlaceholders } from './internal/engine/validationMessage';
import type { Translations } from './Translations';

/**
 * One language's file of a catalogue: texts by key, nested as you like (a nested key is read
 * with dots: `menu.title`). Usually a JSON file.
 *
 * @example
 * ```json
 * { "welcome": "Welcome", "menu": { "title": "Main menu", "balance": "Balance: NGN {amount}" } }
 * ```
 */
export interface CatalogueFile {
  readonly [key: string]: string | CatalogueFile;
}

/**
 * The keys of a catalogue file, nested keys joined by dots. Given the union of several files,
 * only the keys they all hold (`[F]` keeps the union whole: `keyof` a union is its common keys).
 *
 * @example
 * ```ts
 * type Keys = CatalogueKey<{ welcome: string; menu: { title: string } }>; // 'welcome' | 'menu.title'
 * ```
 */
export type CatalogueKey<F> = [F] extends [string]
  ? never
  : {
      [K in keyof F & string]: [F[K]] extends [string] ? K : `${K}.${CatalogueKey<F[K]>}`;
    }[keyof F & string];

/**
 * A catalogue's lookup: `t(key)` is the text of `key` in every language, a
 * {@link Translations} record that any screen takes as a text; `t(key, params)` fills the
 * `{name}` placeholders (for a text function: `(ctx) => t('balance', { amount: ctx.state.amount })`).
 *
 * @example
 * ```ts
 * info({ text: t('welcome') })
 * ```
 */
export interface Catalogue<L extends string, K extends string> {
  (key: K, params?: Readonly<Record<string, string | number>>): Translations<L>;
  /** The languages of the catalogue, in the order of its files. */
  readonly languages: readonly L[];
  /** Every key of the catalogue. */
  readonly keys: readonly K[];
}

/** The texts of one file by dotted key; what is not a string or an object is a problem. */
function flatten(
  file: unknown,
  language: string,
  problems: string[],
  prefix = '',
  into = new Map<string, string>(),
): Map<string, string> {
  for (const [key, value] of Object.entries(file as Record<string, unknown>)) {
    const path = `${prefix}${key}`;
    if (typeof value === 'string') into.set(path, value);
    else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      flatten(value, language, problems, `${path}.`, into);
    } else problems.push(`key "${path}" in "${language}" is not a text (nor an object of texts)`);
  }
  return into;
}

/**
 * Texts kept in one file per language (JSON files, usually) instead of inline records. Checks at
 * once that every file holds every key: a key missing in any language throws a
 * {@link CatalogueError} naming the key and the language. The keys are typed from the files, so
 * a mistyped key does not compile; `t(key)` gives the record of that key that screens take, in
 * the languages of the files (which must be the app's `languages` for the record to type-check).
 *
 * @example
 * ```ts
 * import en from './texts/en.json';
 * import ha from './texts/ha.json';
 *
 * const t = catalogue({ en, ha });
 * const welcome = t('welcome'); // { en: 'Welcome', ha: 'Barka da zuwa' }
 * ```
 */
export function catalogue<const Files extends Readonly<Record<string, CatalogueFile>>>(
  files: Files,
): Catalogue<keyof Files & string, CatalogueKey<Files[keyof Files]>> {
  type L = keyof Files & string;
  type K = CatalogueKey<Files[keyof Files]>;
  const languages = Object.keys(files) as L[];
  const problems: string[] = [];
  if (languages.length === 0) problems.push('a catalogue needs at least one language');
  const texts = new Map(
    languages.map((language) => [language, flatten(files[language], language, problems)]),
  );
  const keys = [...new Set([...texts.values()].flatMap((byKey) => [...byKey.keys()]))];
  const missing = keys.flatMap((key) =>
    languages
      .filter((language) => !(texts.get(language) as Map<string, string>).has(key))
      .map((language) => ({ key, language })),
  );
  if (missing.length > 0 || problems.length > 0) throw new CatalogueError(missing, problems);

  const lookup = (key: K, params?: Readonly<Record<string, string | number>>): Translations<L> => {
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(params ?? {})) values[name] = String(value);
    const record: Record<string, string> = {};
    for (const language of languages) {
      const text = (texts.get(language) as Map<string, string>).get(key);
      if (text === undefined) {
        throw new CatalogueError([], [`no key "${key}" in the catalogue (${keys.length} keys)`]);
      }
      record[language] = params === undefined ? text : fillPlaceholders(text, values);
    }
    return record as Translations<L>;
  };
  return Object.assign(lookup, { languages, keys: keys as K[] });
}
