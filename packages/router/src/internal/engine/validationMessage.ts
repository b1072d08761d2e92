import type { z } from 'zod';
import type { RouterMessages } from '../../AppOptions';

/** The router's texts for input a zod schema refused. */
export type ValidationMessages = Pick<
  RouterMessages,
  | 'invalidInput'
  | 'notANumber'
  | 'notAWholeNumber'
  | 'tooSmall'
  | 'tooSmallExclusive'
  | 'tooBig'
  | 'tooBigExclusive'
  | 'tooShort'
  | 'tooLong'
  | 'invalidChoice'
>;

/** Bound origins that are numbers to the customer (an `int` origin comes from `z.int()`). */
const numeric = new Set(['number', 'int', 'bigint']);

/**
 * Fills `{name}` placeholders; a name without a value is left as written, so a typo shows. Only
 * the values' own properties count: `{constructor}` or `{toString}` in a developer's text would
 * otherwise be filled with an inherited member (a function's source text).
 */
export function fillPlaceholders(
  template: string,
  values: Readonly<Record<string, string>>,
): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] as string) : whole,
  );
}

/** The texts of one kind of bound: a string's length, a number inclusive, a number exclusive. */
type BoundTexts = readonly [
  keyof ValidationMessages,
  keyof ValidationMessages,
  keyof ValidationMessages,
];

/**
 * The message for a bound a value passed: a string's length, or a number's (`inclusive` is false
 * for `.gt()` and `.positive()`: the bound itself is refused); anything else bounded (a date, a
 * list) gets `invalidInput`.
 */
function boundMessage(
  issue: { readonly origin: string; readonly inclusive?: boolean | undefined },
  bound: Readonly<Record<string, string>>,
  messages: ValidationMessages,
  [ofString, inclusive, exclusive]: BoundTexts,
): string {
  if (issue.origin === 'string') return fillPlaceholders(messages[ofString], bound);
  if (!numeric.has(issue.origin)) return messages.invalidInput;
  return fillPlaceholders(messages[issue.inclusive === false ? exclusive : inclusive], bound);
}

/**
 * The customer's message for a zod issue the schema gave no message. Anything without a text of
 * its own (formats, unions, custom refinements, dates, lists) gets `invalidInput`: zod's wording
 * is written for developers, never shown to a customer.
 */
export function validationMessage(
  issue: z.core.$ZodRawIssue,
  messages: ValidationMessages,
): string {
  switch (issue.code) {
    case 'invalid_type':
      // `z.coerce.number()` given `abc` is NaN, reported as an invalid number. A bigint refuses
      // `1.5` and `abc` alike: asking for a whole number fits both.
      if (issue.expected === 'int' || issue.expected === 'bigint') return messages.notAWholeNumber;
      return issue.expected === 'number' ? messages.notANumber : messages.invalidInput;
    case 'too_small':
      return boundMessage(issue, { min: String(issue.minimum) }, messages, [
        'tooShort',
        'tooSmall',
        'tooSmallExclusive',
      ]);
    case 'too_big':
      return boundMessage(issue, { max: String(issue.maximum) }, messages, [
        'tooLong',
        'tooBig',
        'tooBigExclusive',
      ]);
    case 'not_multiple_of':
      return issue.divisor === 1 ? messages.notAWholeNumber : messages.invalidInput;
    case 'invalid_value':
      return fillPlaceholders(messages.invalidChoice, {
        options: issue.values.map(String).join(', '),
      });
    default:
      return messages.invalidInput;
  }
}
