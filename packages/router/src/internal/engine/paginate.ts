import { measureScreen, renderChooser, type ScreenLimits } from '@ussdkit/protocol';
import type { KeyedItem } from './assignKeys';
import type { ResolvedKey } from './resolved';

/** What a chooser page needs to know about navigation. */
export interface PageNavigation {
  readonly back: ResolvedKey | undefined;
  readonly home: ResolvedKey | undefined;
  readonly more: ResolvedKey;
  /** True when the customer has a previous screen (history not empty). */
  readonly hasHistory: boolean;
}

/** The navigation items of page `page`, always in the order more, back, home. */
export function navigationItems(nav: PageNavigation, page: number, isLast: boolean): ResolvedKey[] {
  const keys: ResolvedKey[] = [];
  if (!isLast) keys.push(nav.more);
  if (nav.back && (page > 0 || nav.hasHistory)) keys.push(nav.back);
  if (nav.home && nav.hasHistory) keys.push(nav.home);
  return keys;
}

/** The lines of one page as ChooserView items. */
export function pageItems(
  items: readonly KeyedItem[],
  nav: readonly ResolvedKey[],
): { accessKey: string; label: string }[] {
  return [
    ...items.map((item) => ({ accessKey: item.key, label: item.label })),
    ...nav.map((key) => ({ accessKey: key.key, label: key.label })),
  ];
}

/**
 * Splits chooser items into pages that fit the screen, measured as the phone sees them (GSM 7-bit
 * or UCS-2), never splitting an item. Returns the index ranges `[start, end)` of each page. An
 * item that cannot fit even alone (a computed title or label too long) gets a page of its own,
 * which the router cuts to the limit before it answers (and reports, see `ScreenTooLongError`).
 */
export function paginate(
  title: string,
  items: readonly KeyedItem[],
  separator: string | undefined,
  nav: PageNavigation,
  limits: ScreenLimits,
): [number, number][] {
  const fits = (start: number, end: number, page: number) => {
    const text = renderChooser({
      title,
      items: pageItems(items.slice(start, end), navigationItems(nav, page, end === items.length)),
      separator,
    });
    return measureScreen(text, limits).fits;
  };
  const pages: [number, number][] = [];
  let start = 0;
  while (start < items.length) {
    let end = start;
    while (end < items.length && fits(start, end + 1, pages.length)) end += 1;
    if (end === start) end = start + 1;
    pages.push([start, end]);
    start = end;
  }
  return pages;
}
