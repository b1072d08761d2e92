import type { ScreenLimits } from '@ussdkit/protocol';
import type { z } from 'zod';
import type { RouterMessages } from '../../AppOptions';
import type { NavigationKey, NavigationOptions } from '../../Navigation';
import { type EngineSettings, resolveNavigation } from './resolved';
import { validationMessage } from './validationMessage';

/** Everything the router shows by itself in one language. */
export interface Locale {
  readonly language: string;
  /** Navigation keys with this language's labels, and the screen limits. */
  readonly settings: EngineSettings;
  readonly messages: RouterMessages;
  /**
   * The per-parse zod error map of input schemas: the router's own texts for issues the schema
   * gave no message (zod ranks a schema's messages above it). Made once, not per parse.
   */
  readonly issueMessage: (issue: z.core.$ZodRawIssue) => string;
  /** The params of an input schema's parse: {@link Locale.issueMessage} as its error map. */
  readonly parseParams: z.core.ParseContext<z.core.$ZodIssue>;
}

/**
 * An input schema's parse params, made once per language. They carry `async` beside the error
 * map because zod copies them into `{ ...params, async }`: on Node 20 a key added to a spread copy
 * makes a new hidden class each time (about 1.2 µs a parse, measured), where a key overwritten
 * keeps the copy's; zod sets `async` itself either way.
 */
function parseParams(
  issueMessage: (issue: z.core.$ZodRawIssue) => string,
): z.core.ParseContext<z.core.$ZodIssue> {
  const params = { error: issueMessage, async: true };
  return params;
}

/** The app's languages, the first being the default. */
export class Locales {
  readonly #byLanguage: ReadonlyMap<string, Locale>;

  constructor(readonly list: readonly [Locale, ...Locale[]]) {
    this.#byLanguage = new Map(list.map((locale) => [locale.language, locale]));
  }

  get first(): Locale {
    return this.list[0];
  }

  get languages(): string[] {
    return this.list.map((locale) => locale.language);
  }

  has(language: unknown): language is string {
    return typeof language === 'string' && this.#byLanguage.has(language);
  }

  /** The locale of a session's language; the first one for none, or for one no longer offered. */
  of(language: string | undefined): Locale {
    return (language === undefined ? undefined : this.#byLanguage.get(language)) ?? this.list[0];
  }
}

/** What {@link buildLocales} needs from the app's options. */
export interface LocaleOptions {
  readonly languages: readonly [string, ...string[]];
  readonly navigation: NavigationOptions | false | undefined;
  readonly limits: ScreenLimits;
  /** `messages` as given: changes for every language, or per language. */
  readonly messages: unknown;
  /** The router's own texts by language (English and French). */
  readonly builtIn: Readonly<Record<string, RouterMessages>>;
}

/** The navigation keys without their labels (the messages' labels then apply). */
function keysOnly(
  navigation: NavigationOptions | false | undefined,
): NavigationOptions | false | undefined {
  if (navigation === false || navigation === undefined) return navigation;
  const key = (option: NavigationKey | false | undefined) =>
    option === false || option === undefined ? option : { key: option.key };
  const more = navigation.more && { key: navigation.more.key };
  return { back: key(navigation.back), home: key(navigation.home), more };
}

const list = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ');

/**
 * Reads `messages` as changes for every language (keys are message names) or per language (keys
 * are language codes). Mixing both, or a key that is neither, is a problem.
 */
function messagesByLanguage(
  given: unknown,
  languages: readonly string[],
  names: readonly string[],
  problems: string[],
): Record<string, Partial<RouterMessages>> {
  if (given === undefined || given === null) return {};
  const keys = Object.keys(given);
  const byLanguage = keys.filter((key) => languages.includes(key));
  const unknown = keys.filter((key) => !languages.includes(key) && !names.includes(key));
  if (unknown.length > 0) {
    problems.push(
      `messages: ${list(unknown)} ${unknown.length === 1 ? 'is' : 'are'} neither a language of the app (${list(languages)}) nor a message name`,
    );
    return {};
  }
  if (byLanguage.length === 0) {
    const all = given as Partial<RouterMessages>;
    return Object.fromEntries(languages.map((language) => [language, all]));
  }
  if (byLanguage.length < keys.length) {
    problems.push(
      `messages: mixes languages (${list(byLanguage)}) and message names (${list(keys.filter((key) => !byLanguage.includes(key)))}); give them per language`,
    );
    return {};
  }
  return given as Record<string, Partial<RouterMessages>>;
}

/**
 * The locale of each language: its messages (built in for English and French, the app's changes
 * over them; complete from the app for any other language) and its navigation labels. Problems
 * (a language without messages, a message missing, duplicated languages) are returned for the
 * `FlowDefinitionError`, never thrown one by one.
 */
export function buildLocales(options: LocaleOptions): { locales: Locales; problems: string[] } {
  const { languages, builtIn } = options;
  const problems: string[] = [];
  const english = builtIn.en as RouterMessages;
  const names = Object.keys(english);
  const duplicated = languages.filter((language, index) => languages.indexOf(language) !== index);
  if (duplicated.length > 0) problems.push(`languages: ${list(duplicated)} listed twice`);
  const given = messagesByLanguage(options.messages, languages, names, problems);
  const locales = languages.map((language): Locale => {
    const base = Object.hasOwn(builtIn, language) ? builtIn[language] : undefined;
    const own = Object.hasOwn(given, language) ? given[language] : undefined;
    if (base === undefined) {
      const missing = names.filter(
        (name) => typeof (own as Record<string, unknown> | undefined)?.[name] !== 'string',
      );
      if (missing.length === names.length) {
        problems.push(
          `no router messages for "${language}": the router has its own only for ${list(Object.keys(builtIn))}, so give \`messages.${language}\` with every message (${names.join(', ')})`,
        );
      } else if (missing.length > 0) {
        problems.push(
          `messages.${language} lacks ${missing.join(', ')}: the router has no texts of its own in "${language}", so give every message`,
        );
      }
    }
    // Where a message is missing (reported above), English stands in so the problems can all be
    // listed; such an app never starts.
    const messages: RouterMessages = { ...english, ...base, ...own };
    let settings: EngineSettings;
    try {
      settings = {
        navigation: resolveNavigation(options.navigation, messages, language),
        limits: options.limits,
        language,
      };
    } catch (error) {
      problems.push(`navigation: a label ${(error as Error).message}`);
      const navigation = resolveNavigation(keysOnly(options.navigation), messages, language);
      settings = { navigation, limits: options.limits, language };
    }
    const issueMessage = (issue: z.core.$ZodRawIssue) => validationMessage(issue, messages);
    return { language, settings, messages, issueMessage, parseParams: parseParams(issueMessage) };
  });
  return { locales: new Locales(locales as [Locale, ...Locale[]]), problems };
}
