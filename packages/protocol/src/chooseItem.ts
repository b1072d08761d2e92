import type { ChooserItem } from './app/views';

/**
 * The chooser item the customer's text picks, or `undefined` when it picks none. The rule of the
 * spec, in one place for every side that plays the gateway (the sandbox's gateway and its own
 * menus, the test harness, the Africa's Talking adapter): the text must **equal** an accessKey.
 * Nothing is trimmed or normalised: ` 1`, `1 ` and `01` are not `1`, since the service compares
 * what the customer sent. On `undefined` the customer is asked again and the app is not called.
 *
 * @example
 * ```ts
 * const item = chooseItem(view, text);
 * if (item === undefined) return askAgain(reaskChooser(view)); // 'Invalid choice. Try again.' above it
 * return { type: 'InputResult', value: item.accessKey };
 * ```
 */
export function chooseItem<I extends ChooserItem>(
  view: { readonly items: readonly I[] },
  text: string,
): I | undefined {
  return view.items.find((item) => item.accessKey === text);
}
