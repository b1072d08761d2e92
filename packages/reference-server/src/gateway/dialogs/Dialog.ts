import {
  type AbortReason,
  type ActionResult,
  chooseItem,
  reaskChooser,
  renderChooser,
} from '@ussdkit/protocol';

/**
 * One step of a dialog the gateway runs itself (a process, a chooser re-ask): ask the phone
 * something, hand a result back to the app with `continue`, wait some sandbox time (for the bank),
 * or abort the session.
 */
export type DialogStep =
  | {
      readonly type: 'ask';
      readonly screen: string;
      readonly next: Dialog;
      /**
       * The answer is a secret (a PIN, a date of birth that proves identity): the transcript,
       * the logs and the phones show `••••` instead, and the phone's answer says `secret: true`.
       */
      readonly secret?: boolean;
    }
  | { readonly type: 'done'; readonly result: ActionResult }
  | {
      readonly type: 'wait';
      /** Sandbox milliseconds to wait; the phone's input answers once they have passed. */
      readonly ms: number;
      /** What the wait is for, written to the transcript. */
      readonly note: string;
      /**
       * The step once `ms` have passed. Called even when the session ended meanwhile (what it
       * does outside the session, such as a callback, still happens); its step is then dropped.
       */
      readonly resume: () => DialogStep;
    }
  | {
      readonly type: 'abort';
      readonly reason: AbortReason;
      /** Why, as a sentence that says what to change (the session report's `abortMessage`). */
      readonly message: string;
    };

/** A question on the phone's screen; the customer's next input goes to `answer`. */
export interface Dialog {
  answer(text: string): DialogStep;
}

/** One option of a gateway menu. */
export interface MenuOption<T> {
  readonly label: string;
  readonly value: T;
}

/**
 * A numbered menu drawn by the gateway (`1. label`, ...), which re-asks on an invalid choice: like
 * an app's chooser, by the same rule (`chooseItem`), only text equal to an option's number picks
 * it (` 1` and `01` do not).
 *
 * @example
 * ```ts
 * return menu('Choose your bank:', banks.map((b) => ({ label: b.name, value: b })), pickBank);
 * ```
 */
export function menu<T>(
  title: string,
  options: readonly MenuOption<T>[],
  onPick: (value: T) => DialogStep,
): DialogStep {
  const items = options.map((option, index) => ({
    accessKey: String(index + 1),
    label: option.label,
    value: option.value,
  }));
  const screen = renderChooser({ title, items });
  const again = reaskChooser({ title, items });
  const dialog: Dialog = {
    answer(text) {
      const item = chooseItem({ items }, text);
      if (item === undefined) return { type: 'ask', screen: again, next: dialog };
      return onPick(item.value);
    },
  };
  return { type: 'ask', screen, next: dialog };
}

/**
 * A free-text question; `secret` for a credential, which is then never written in clear.
 *
 * @example
 * ```ts
 * return prompt('Enter your PIN:', (pin) => settle(pin), { secret: true });
 * ```
 */
export function prompt(
  screen: string,
  onAnswer: (text: string) => DialogStep,
  options: { readonly secret?: boolean } = {},
): DialogStep {
  const next = { answer: (text: string) => onAnswer(text.trim()) };
  return options.secret === true
    ? { type: 'ask', screen, next, secret: true }
    : { type: 'ask', screen, next };
}
