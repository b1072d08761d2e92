import { measureScreen, renderChooser } from '@ussdkit/protocol';
import type { TooLongText } from '../../FlowDefinitionError';
import type { ChooserItem } from '../../Screen';
import { assignKeys } from '../engine/assignKeys';
import type { Locale } from '../engine/locales';
import type { LooseScreen } from '../engine/looseScreen';
import { navigationItems, pageItems } from '../engine/paginate';
import type { EngineSettings } from '../engine/resolved';
import { resumePromptView } from '../session/resume';

/** What {@link staticTextProblems} found: sentences, and the texts over the limit. */
export interface TextProblems {
  readonly problems: string[];
  readonly tooLong: TooLongText[];
}

/** A static text: a string, or a record with one string per language (not a function). */
const isStatic = (text: unknown): text is string | Readonly<Record<string, unknown>> =>
  typeof text === 'string' || (typeof text === 'object' && text !== null);

/** The static text in `language`, or undefined when it is computed or lacks that language. */
function inLanguage(text: unknown, language: string): string | undefined {
  if (typeof text === 'string') return text;
  if (typeof text !== 'object' || text === null || !Object.hasOwn(text, language)) return undefined;
  const value = (text as Record<string, unknown>)[language];
  return typeof value === 'string' ? value : undefined;
}

const units = (encoding: 'GSM7' | 'UCS2') =>
  encoding === 'GSM7' ? 'GSM 7-bit septets' : 'UCS-2 characters';

/**
 * Every static text of one screen measured in every language, as the phone will see it (the
 * encoding of each language's own characters: Hausa's `ɗ` switches a screen to UCS-2 and its 80),
 * and every record checked for each language. Info and input texts and static chooser titles
 * with each item and the navigation keys are measured; computed texts are measured when shown.
 * The language is named in each sentence when the app has more than one.
 */
export function staticTextProblems(
  name: string,
  screen: LooseScreen,
  locales: readonly EngineSettings[],
): TextProblems {
  const problems: string[] = [];
  const tooLong: TooLongText[] = [];
  const several = locales.length > 1;
  const languages = locales.map((settings) => `"${settings.language}"`).join(', ');
  const missing = (what: string, text: unknown) => {
    if (typeof text !== 'object' || text === null) return;
    const absent = locales.filter((settings) => inLanguage(text, settings.language) === undefined);
    for (const settings of absent) {
      problems.push(
        `screen "${name}": ${what} has no "${settings.language}" (a text record needs a string for each language: ${languages})`,
      );
    }
  };
  const texts: [string, unknown][] = [['the session tag', screen.sessionTag]];
  if (screen.kind === 'input' || screen.kind === 'info') texts.push(['the text', screen.text]);
  if (screen.kind === 'legacyAppRedirect') texts.push(['the uri', screen.uri]);
  if (screen.kind === 'chooser') {
    texts.push(['the title', screen.title]);
    if (typeof screen.items !== 'function') {
      screen.items.forEach((item, index) => {
        texts.push([`the label of item ${index + 1}`, item.label]);
      });
    }
  }
  for (const [what, text] of texts) missing(what, text);

  for (const settings of locales) {
    const { language, limits, navigation } = settings;
    const where = several ? ` in "${language}"` : '';
    const measure = (part: string, sentence: string, text: string) => {
      const measured = measureScreen(text, limits);
      if (measured.fits) return;
      const { encoding, length, limit } = measured;
      tooLong.push({ screen: name, part, language, encoding, length, limit });
      problems.push(
        `screen "${name}": ${sentence} is ${length} ${units(encoding)} (limit ${limit})`,
      );
    };
    if (screen.kind === 'input' || screen.kind === 'info') {
      const text = inLanguage(screen.text, language);
      if (text !== undefined) measure('text', `text${where}`, text);
    }
    if (screen.kind === 'chooser' && typeof screen.items !== 'function') {
      const title = isStatic(screen.title) ? inLanguage(screen.title, language) : undefined;
      if (title === undefined) continue;
      // Each item must fit a page with the title and every navigation key (the worst case).
      const nav = navigationItems({ ...navigation, hasHistory: true }, 1, false);
      const items = (screen.items as readonly ChooserItem<string, unknown>[]).map((item) => ({
        ...item,
        label: inLanguage(item.label, language) ?? '',
      }));
      for (const item of assignKeys(items, navigation.reserved)) {
        const text = renderChooser({
          title,
          items: pageItems([item], nav),
          separator: screen.separator,
        });
        measure(
          `item "${item.label}"`,
          `item "${item.label}"${where} with the title and navigation`,
          text,
        );
      }
    }
  }
  return { problems, tooLong };
}

/**
 * The router's own messages measured in every language, alone (placeholders as written): they
 * are shown as InfoViews, or above an input's text (which is paged if the two are too long).
 */
export function messageProblems(locales: readonly Locale[]): TextProblems {
  const problems: string[] = [];
  const tooLong: TooLongText[] = [];
  const several = locales.length > 1;
  for (const { language, messages, settings } of locales) {
    const { limits } = settings;
    for (const [key, text] of Object.entries(messages)) {
      if (key.endsWith('Label')) continue; // labels are measured with the menus they are in
      if (key === 'resumeYes' || key === 'resumeNo') continue; // measured with the prompt
      const shown = key === 'resumePrompt' ? renderChooser(resumePromptView(messages)) : text;
      const measured = measureScreen(shown, limits);
      if (measured.fits) continue;
      const { encoding, length, limit } = measured;
      tooLong.push({
        screen: undefined,
        part: `messages.${key}`,
        language,
        encoding,
        length,
        limit,
      });
      problems.push(
        `messages.${key}${several ? ` in "${language}"` : ''} is ${length} ${units(encoding)} (limit ${limit})`,
      );
    }
  }
  return { problems, tooLong };
}
