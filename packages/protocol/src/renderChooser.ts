import type { ChooserItem } from './app/views';

/** The separator between accessKey and label when a ChooserView sets none. */
export const DEFAULT_CHOOSER_SEPARATOR = '. ';

/** What {@link renderChooser} draws. */
export interface ChooserContent {
  readonly title: string;
  readonly items: readonly ChooserItem[];
  readonly separator?: string | undefined;
}

/**
 * Renders a chooser exactly as the phone shows it: the title line (left out when empty), then one
 * `<accessKey><separator><label>` line per item, joined by `\n`. The router's length checks and
 * the gateway both use it, so they never disagree.
 *
 * @example
 * ```ts
 * renderChooser({ title: 'Menu', items: [{ accessKey: '1', label: 'Buy airtime' }] });
 * // 'Menu\n1. Buy airtime'
 * ```
 */
export function renderChooser(view: ChooserContent): string {
  const separator = view.separator ?? DEFAULT_CHOOSER_SEPARATOR;
  const lines = view.items.map((item) => `${item.accessKey}${separator}${item.label}`);
  return (view.title === '' ? lines : [view.title, ...lines]).join('\n');
}
