import type { Localized } from '../../Translations';

/**
 * The text in `language`: a string is the same in every language, a record gives its entry.
 * A record without that language (untyped code, a computed record) throws, naming what it has.
 */
export function localize(text: Localized<string>, language: string): string {
  if (typeof text !== 'object' || text === null) return text;
  const value = Object.hasOwn(text, language) ? text[language] : undefined;
  if (typeof value !== 'string') {
    throw new Error(
      `a text has no "${language}" translation (it has ${Object.keys(text)
        .map((key) => `"${key}"`)
        .join(', ')}): give one string per language of the app`,
    );
  }
  return value;
}
