import { SECRET_INPUT_HEADER, SECRET_INPUT_VALUE } from '@ussdkit/protocol';
import type { DialogStep } from '../dialogs/Dialog';

export { SECRET_INPUT_HEADER, SECRET_INPUT_VALUE } from '@ussdkit/protocol';

/**
 * Whether an answer's headers mark its screen as asking a secret (the value compared without
 * case or surrounding spaces; a repeated header counts if any of its values says so).
 *
 * @example
 * ```ts
 * marksSecret({ 'ussdkit-input': 'secret' }); // true
 * ```
 */
export function marksSecret(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): boolean {
  const value = headers[SECRET_INPUT_HEADER];
  const values = Array.isArray(value) ? value : value === undefined ? [] : value.split(',');
  return values.some((one) => one.trim().toLowerCase() === SECRET_INPUT_VALUE);
}

/**
 * The dialog of a screen the app marked secret: every question it asks (its first, and a
 * chooser's re-ask after an invalid choice) is secret.
 *
 * @example
 * ```ts
 * return this.step(session, judged.secretInput ? keptSecret(viewDialog(view)) : viewDialog(view));
 * ```
 */
export function keptSecret(step: DialogStep): DialogStep {
  if (step.type !== 'ask') return step;
  return {
    ...step,
    secret: true,
    next: { answer: (text) => keptSecret(step.next.answer(text)) },
  };
}
