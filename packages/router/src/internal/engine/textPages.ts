import { measureScreen, renderChooser, type ScreenLimits, type View } from '@ussdkit/protocol';
import type { ResolvedKey } from './resolved';

/** The keys that page a long text, and whether its last page ends the session (an info). */
export interface TextPaging {
  readonly more: ResolvedKey;
  /** The previous page; undefined when back is off (app-wide, or an input's `navigation`). */
  readonly back: ResolvedKey | undefined;
  /** An info's last page is an InfoView: the session ends, so it offers no key. */
  readonly final: boolean;
}

/** The key lines of page `page`: more on every page but the last, back on every page but the first. */
export function pageKeys(paging: TextPaging, page: number, isLast: boolean): ResolvedKey[] {
  if (paging.final && isLast) return [];
  const keys: ResolvedKey[] = [];
  if (!isLast) keys.push(paging.more);
  if (paging.back !== undefined && page > 0) keys.push(paging.back);
  return keys;
}

/** The key lines as ChooserView items, drawn as a menu draws them (`98. More`). */
const keyItems = (keys: readonly ResolvedKey[]) =>
  keys.map((key) => ({ accessKey: key.key, label: key.label }));

/** A page as the phone shows it: its text, then one line per key. */
function render(text: string, keys: readonly ResolvedKey[]): string {
  return renderChooser({ title: text, items: keyItems(keys) });
}

const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);

/**
 * Splits a text into pages that each fit the screen with their key lines, measured as the phone
 * sees each page (a page with a character outside GSM 7-bit gets the UCS-2 budget, the others
 * keep the GSM one). Pages end at a space or a line break when the page has one, else mid-word;
 * a text that fits comes back as one page, unchanged.
 */
export function splitText(text: string, paging: TextPaging, limits: ScreenLimits): string[] {
  if (measureScreen(text, limits).fits) return [text];
  const fits = (candidate: string, page: number, isLast: boolean) =>
    measureScreen(render(candidate, pageKeys(paging, page, isLast)), limits).fits;
  const pages: string[] = [];
  // Code points, so that a page never ends inside a surrogate pair.
  let rest = Array.from(text);
  while (rest.length > 0) {
    const page = pages.length;
    const whole = rest.join('');
    if (fits(whole, page, true)) {
      pages.push(whole);
      break;
    }
    // The longest start that fits; a longer start never fits again (the measure only grows).
    let low = 0;
    let high = rest.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (fits(rest.slice(0, mid).join(''), page, false)) low = mid;
      else high = mid - 1;
    }
    // At least one character a page, so that even limits too small for the keys end.
    let end = Math.max(1, low);
    if (end < rest.length && !isSpace(rest[end])) {
      const space = rest.slice(1, end).findLastIndex(isSpace);
      if (space >= 0) end = space + 1;
    }
    const cut = rest.slice(0, end).join('');
    pages.push(cut.trimEnd() === '' ? cut : cut.trimEnd());
    rest = rest.slice(end);
    const start = rest.findIndex((char) => !isSpace(char));
    rest = start < 0 ? [] : rest.slice(start);
  }
  return pages;
}

/**
 * Page `page` of a text screen as a view. An input's page is an InputView with the key lines
 * under its text (whatever is typed comes back to the app); an info's last page is its InfoView,
 * and its other pages are menus of their keys, so the gateway takes only those.
 */
export function textPageView(
  kind: 'input' | 'info',
  pages: readonly string[],
  page: number,
  paging: TextPaging,
): View {
  const isLast = page >= pages.length - 1;
  const text = pages[Math.min(page, pages.length - 1)] ?? '';
  const keys = pageKeys(paging, page, isLast);
  if (kind === 'input') return { type: 'InputView', message: render(text, keys) };
  if (keys.length === 0) return { type: 'InfoView', message: text };
  return { type: 'ChooserView', title: text, items: keyItems(keys) };
}
