/** A dialled short code split into its parts. */
export interface Shortcode {
  /** The service's main code, e.g. `384`. */
  readonly mainCode: string;
  /** The app code, e.g. `12`. */
  readonly appCode: string;
  /** Further `*`-separated parts, e.g. `['5']` for `*384*12*5#`. */
  readonly segments: readonly string[];
  /** `<main>*<app>`, the form app profiles carry. */
  readonly shortcode: string;
}

/** Thrown by {@link parseShortcode} for a string that is not `*<main>*<app>[*segment…]#`. */
export class ShortcodeError extends Error {
  override readonly name = 'ShortcodeError';
  constructor(
    readonly input: string,
    reason: string,
  ) {
    super(`Invalid short code "${input}": ${reason}`);
  }
}

/**
 * Splits a dial string such as `*384*12*5#` into main code, app code and segments.
 *
 * @throws {@link ShortcodeError} when the string is malformed (missing `*` or `#`, empty or
 * non-digit parts, no app code).
 * @example
 * ```ts
 * parseShortcode('*384*12*5#'); // { mainCode: '384', appCode: '12', segments: ['5'], shortcode: '384*12' }
 * ```
 */
export function parseShortcode(dial: string): Shortcode {
  if (typeof dial !== 'string') throw new ShortcodeError(String(dial), 'not a string');
  if (!dial.startsWith('*')) throw new ShortcodeError(dial, 'must start with "*"');
  if (!dial.endsWith('#')) throw new ShortcodeError(dial, 'must end with "#"');
  const parts = dial.slice(1, -1).split('*');
  parts.forEach((part, index) => {
    if (part === '') throw new ShortcodeError(dial, `part ${index + 1} is empty`);
    if (!/^[0-9]+$/.test(part)) {
      throw new ShortcodeError(dial, `part ${index + 1} ("${part}") must be digits only`);
    }
  });
  const [mainCode, appCode, ...segments] = parts;
  if (mainCode === undefined || appCode === undefined) {
    throw new ShortcodeError(dial, 'needs a main code and an app code, like *384*12#');
  }
  return { mainCode, appCode, segments, shortcode: `${mainCode}*${appCode}` };
}
