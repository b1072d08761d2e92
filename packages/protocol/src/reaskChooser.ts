import { gatewayTexts } from './gatewayTexts';
import { type ChooserContent, renderChooser } from './renderChooser';

/**
 * The screen of a chooser asked again after text that picks no item ({@link chooseItem} gave
 * `undefined`): `message` on its own line above the chooser as {@link renderChooser} draws it. The
 * spec's re-ask rule ("on invalid input the service asks the customer to retry without calling the
 * application"), in one place for every side that plays the gateway.
 *
 * @example
 * ```ts
 * reaskChooser({ title: 'Menu', items: [{ accessKey: '1', label: 'Airtime' }] });
 * // 'Invalid choice. Try again.\nMenu\n1. Airtime'
 * ```
 */
export function reaskChooser(
  view: ChooserContent,
  message: string = gatewayTexts.invalidChoice,
): string {
  return `${message}\n${renderChooser(view)}`;
}
