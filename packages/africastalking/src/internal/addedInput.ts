/**
 * What a request's `text` adds to the session's previous `text`: the previous text and the one
 * `*` that Africa's Talking puts after it are stripped as a prefix, and the rest is the input,
 * whole. Never a split on `*`: a customer may type `*` inside an input (`*123#`, `1*2`).
 * `undefined` when `text` does not extend the previous text.
 *
 * @example
 * ```ts
 * addedInput('1', '1*500'); // '500'
 * addedInput('1*2', '1*2*4*5'); // '4*5'
 * ```
 */
export function addedInput(previous: string, text: string): string | undefined {
  if (previous === '') return text;
  const prefix = `${previous}*`;
  return text.startsWith(prefix) ? text.slice(prefix.length) : undefined;
}
