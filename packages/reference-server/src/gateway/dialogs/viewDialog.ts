import {
  type ChooserView,
  chooseItem,
  type InputView,
  reaskChooser,
  renderChooser,
} from '@ussdkit/protocol';
import type { Dialog, DialogStep } from './Dialog';

/**
 * The dialog of an app's InputView or ChooserView. An InputView hands any text back as
 * `InputResult`; a ChooserView hands back the accessKey the input picks by the spec's rule
 * (`chooseItem` of `@ussdkit/protocol`: text equal to an accessKey, ` 1` is not `1`) and, on any
 * other input, asks again without calling the app (`reaskChooser`: `Invalid choice. Try again.`
 * above the chooser).
 *
 * @example
 * ```ts
 * const step = viewDialog({ type: 'InputView', message: 'Your name?' });
 * ```
 */
export function viewDialog(view: InputView | ChooserView): DialogStep {
  if (view.type === 'InputView') {
    return {
      type: 'ask',
      screen: view.message,
      next: { answer: (value) => ({ type: 'done', result: { type: 'InputResult', value } }) },
    };
  }
  const screen = renderChooser(view);
  const dialog: Dialog = {
    answer(text) {
      const item = chooseItem(view, text);
      if (item === undefined) return { type: 'ask', screen: reaskChooser(view), next: dialog };
      return { type: 'done', result: { type: 'InputResult', value: item.accessKey } };
    },
  };
  return { type: 'ask', screen, next: dialog };
}
