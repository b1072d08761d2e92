import type { RouterMessages } from '@ussdkit/router';
import { catalogue } from '@ussdkit/router';
import en from './texts/en.json';
import pcm from './texts/pcm.json';

/**
 * The shop's languages: English, the default, and Nigerian Pidgin (`pcm`).
 *
 * @example
 * ```ts
 * createApp({ languages, messages: { pcm: pidginMessages }, ...rest });
 * ```
 */
export const languages = ['en', 'pcm'] as const;

/**
 * One of the shop's language codes.
 *
 * @example
 * ```ts
 * const language: Language = 'pcm';
 * ```
 */
export type Language = (typeof languages)[number];

/**
 * The shop's texts, one JSON file per language (`src/texts/`); `catalogue` checks that both hold
 * every key when this module loads.
 *
 * @example
 * ```ts
 * t('menu.title'); // { en: 'Airtime Shop', pcm: 'Airtime Shop' }
 * ```
 */
export const t = catalogue({ en, pcm });

/**
 * The router's own messages in Pidgin: it has none of its own (only English and French), so the
 * app gives every one of them. The number texts speak of naira, as the shop's only number is an
 * amount.
 *
 * @example
 * ```ts
 * createApp({ languages: ['en', 'pcm'], messages: { pcm: pidginMessages }, ...rest });
 * ```
 */
export const pidginMessages: RouterMessages = {
  unavailable: 'Service no dey work now, abeg try again',
  processUnavailable: 'This service no dey here.',
  flowChanged: 'We don update this service. Abeg dial again.',
  expired: 'Your session don expire. Abeg dial again.',
  deadline: 'We still dey work on your request. Abeg try again small time.',
  tooManyAttempts: 'You don try too many times. Abeg dial again.',
  busy: 'Service busy. Abeg send your answer again.',
  invalidInput: 'Wetin you type no correct. Abeg try again.',
  notANumber: 'Put number, like 500',
  notAWholeNumber: 'Only whole naira',
  tooSmall: 'The smallest na NGN {min}',
  tooSmallExclusive: 'E must pass NGN {min}',
  tooBig: 'The biggest na NGN {max}',
  tooBigExclusive: 'E must dey under NGN {max}',
  tooShort: 'Abeg put {min} letters or more.',
  tooLong: 'Abeg no pass {max} letters.',
  invalidChoice: 'Abeg put one of: {options}.',
  backLabel: 'Back',
  homeLabel: 'Home',
  moreLabel: 'More',
  resumePrompt: 'You wan continue from where you stop?',
  resumeYes: 'Yes',
  resumeNo: 'No',
};

/** The English changes: the number texts of the shop's amount (the rest are the router's). */
export const englishMessages: Partial<RouterMessages> = {
  notANumber: 'Enter a number, like 500',
  notAWholeNumber: 'Whole naira only',
  tooSmall: 'The minimum is NGN {min}',
  tooBig: 'The maximum is NGN {max}',
};

/**
 * The customers' chosen languages by msisdn, read by the app's `language(event)` when they dial.
 * In memory: keep them in your database with more than one instance.
 *
 * @example
 * ```ts
 * const preferences = languagePreferences();
 * preferences.set('+2348030000001', 'pcm');
 * ```
 */
export function languagePreferences(): Map<string, Language> {
  return new Map();
}
