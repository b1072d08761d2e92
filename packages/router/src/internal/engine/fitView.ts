import {
  type ChooserView,
  DEFAULT_CHOOSER_SEPARATOR,
  DEFAULT_SCREEN_LIMITS,
  measureScreen,
  renderChooser,
  type ScreenLimits,
  type ScreenMeasure,
  type View,
} from '@ussdkit/protocol';
import type { Answer } from '../session/Scope';

/** What a cut view looked like before: its measure against the limit. */
export type Overflow = ScreenMeasure;

const ELLIPSIS = '...'; // GSM 7-bit: '…' would switch the whole screen to UCS-2 and its 80.

/** The longest start of `text` that, with an ellipsis, leaves `fits` true. */
function cut(text: string, fits: (candidate: string) => boolean): string {
  const chars = Array.from(text);
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(chars.slice(0, mid).join('') + ELLIPSIS)) low = mid;
    else high = mid - 1;
  }
  return chars.slice(0, low).join('') + ELLIPSIS;
}

/**
 * Whether a text of at most `units` UTF-16 code units fits the screen whatever its characters:
 * in UCS-2 it is `units` long, in GSM 7-bit at most twice that (an extension character takes two
 * septets). Most screens are this short, and are not measured character by character.
 */
export function surelyFits(units: number, limits: ScreenLimits): boolean {
  return (
    units <= (limits.ucs2 ?? DEFAULT_SCREEN_LIMITS.ucs2) &&
    units * 2 <= (limits.gsm7 ?? DEFAULT_SCREEN_LIMITS.gsm7)
  );
}

/**
 * The length of `renderChooser(view)` in UTF-16 code units, without rendering it (one more when
 * the title is empty: never less).
 */
function chooserUnits(view: ChooserView): number {
  const separator = (view.separator ?? DEFAULT_CHOOSER_SEPARATOR).length;
  let units = view.title.length;
  for (const item of view.items) units += 1 + item.accessKey.length + separator + item.label.length;
  return units;
}

/**
 * The view as it may leave the router: within the screen limit. A message over it is cut with an
 * ellipsis; a chooser loses the end of its title first, then of its longest labels. `overflow`
 * is the measure before the cut, for the report; undefined when the view fitted.
 */
export function fitView(view: View, limits: ScreenLimits): { view: View; overflow?: Overflow } {
  if (view.type !== 'ChooserView') {
    if (surelyFits(view.message.length, limits)) return { view };
    const measure = measureScreen(view.message, limits);
    if (measure.fits) return { view };
    const message = cut(view.message, (text) => measureScreen(text, limits).fits);
    return { view: { ...view, message }, overflow: measure };
  }
  if (surelyFits(chooserUnits(view), limits)) return { view };
  const measure = measureScreen(renderChooser(view), limits);
  if (measure.fits) return { view };
  const fitsWith = (candidate: ChooserView) => measureScreen(renderChooser(candidate), limits).fits;
  const withoutTitle = { ...view, title: '' };
  if (fitsWith(withoutTitle)) {
    const title = cut(view.title, (text) => fitsWith({ ...view, title: text }));
    return { view: { ...view, title }, overflow: measure };
  }
  // Even without a title the items are too long: shorten the longest label until they fit.
  let items = view.items.map((item) => ({ ...item }));
  for (let guard = 0; guard < 10_000 && !fitsWith({ ...withoutTitle, items }); guard += 1) {
    const longest = items.reduce((a, b) => (b.label.length > a.label.length ? b : a));
    if (longest.label.length <= ELLIPSIS.length + 1) break;
    const label = `${Array.from(longest.label)
      .slice(0, -(ELLIPSIS.length + 1))
      .join('')}${ELLIPSIS}`;
    items = items.map((item) => (item === longest ? { ...item, label } : item));
  }
  return { view: { ...withoutTitle, items }, overflow: measure };
}

/** {@link fitView} applied to an answer that shows a view; other answers pass unchanged. */
export function fitAnswer(
  answer: Answer,
  limits: ScreenLimits,
): { answer: Answer; overflow?: Overflow } {
  const { action } = answer.command;
  if (action.type !== 'ShowView') return { answer };
  const { view, overflow } = fitView(action.view, limits);
  if (overflow === undefined) return { answer };
  return {
    answer: { ...answer, command: { ...answer.command, action: { ...action, view } } },
    overflow,
  };
}
