import type { InputOptions, InputScreen } from '../Screen';
import type { ScreenExtras } from '../ScreenFactories';

/**
 * Declares an input screen (InputView): shows `text`, validates what the customer types, then goes to `next`.
 *
 * @example
 * ```ts
 * input({ text: 'Amount?', validate: z.coerce.number().min(50, 'At least 50'), targets: ['confirm'],
 *   next: (amount, ctx) => { ctx.state.amount = amount; return ctx.go('confirm'); } })
 * ```
 */
export function input<S, const T extends string, O = string, L extends string = string>(
  options: InputOptions<S, T, O, L> & ScreenExtras<S, T, L>,
): InputScreen<S, T, O, L> {
  return { ...options, kind: 'input' };
}
