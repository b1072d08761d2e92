import type { ChooserItem } from '../../Screen';
import type { KeyedItem } from './assignKeys';
import { assignKeys } from './assignKeys';
import { localize } from './localize';
import { type PageNavigation, paginate } from './paginate';
import type { EngineSettings } from './resolved';

/** What one app remembers about one static item list: its keys, and its pages per title. */
interface StaticList {
  readonly items: readonly KeyedItem[];
  readonly pages: Map<string, [number, number][]>;
}

/** Titles remembered per list: computed titles could otherwise grow the cache without bound. */
const MAX_TITLES = 64;

const lists = new WeakMap<EngineSettings, WeakMap<object, StaticList>>();

/**
 * The items with their labels in `language`, keyed (the keys do not depend on the language).
 *
 * @param items static items, or computed ones as their function returned them
 */
export function localizedItems(
  items: readonly ChooserItem<string, unknown>[],
  settings: EngineSettings,
): KeyedItem[] {
  return assignKeys(
    items.map((item) => ({ ...item, label: localize(item.label, settings.language) })),
    settings.navigation.reserved,
  );
}

/**
 * The keyed items of a chooser's static item list, worked out once per app and language (each
 * language has its own settings): a static list is the same on every show, so its keys and pages
 * are too. Keyed by the list's identity (a list changed in place after `createApp` is not seen;
 * computed lists are a function of the context).
 */
export function staticList(
  items: readonly ChooserItem<string, unknown>[],
  settings: EngineSettings,
): StaticList {
  let byList = lists.get(settings);
  if (byList === undefined) {
    byList = new WeakMap();
    lists.set(settings, byList);
  }
  let list = byList.get(items);
  if (list === undefined) {
    list = { items: localizedItems(items, settings), pages: new Map() };
    byList.set(items, list);
  }
  return list;
}

/** The page ranges of a static list under `title`, measured once per title and navigation. */
export function staticPages(
  list: StaticList,
  title: string,
  separator: string | undefined,
  nav: PageNavigation,
  settings: EngineSettings,
): [number, number][] {
  const key = `${nav.back ? 'b' : '-'}${nav.home ? 'h' : '-'}${nav.hasHistory ? 'p' : '-'}${separator ?? ''}\u0000${title}`;
  let pages = list.pages.get(key);
  if (pages === undefined) {
    pages = paginate(title, list.items, separator, nav, settings.limits);
    if (list.pages.size >= MAX_TITLES) list.pages.clear();
    list.pages.set(key, pages);
  }
  return pages;
}
