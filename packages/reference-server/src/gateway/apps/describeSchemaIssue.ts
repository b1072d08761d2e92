import type { z } from 'zod';

/** A value as a newcomer reads it in a sentence: JSON, cut short, or `missing`. */
function shown(value: unknown): string {
  if (value === undefined) return 'missing';
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 40 ? `${json.slice(0, 39)}…` : json;
}

/** `a string`, `an object`: zod's expected type with its article. */
function withArticle(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** The value at `path` inside `json`, or undefined when the path leads nowhere. */
function valueAt(json: unknown, path: readonly PropertyKey[]): unknown {
  let value = json;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * One schema issue as part of a sentence: the field's dotted path, what it holds and what was
 * expected, e.g. `action.view.type is "Nope", expected one of "InputView", "ChooserView",
 * "InfoView"`. Reads the offending value from `json` (the parsed answer), since zod's issues
 * name the expectation but not always the value.
 *
 * @example
 * ```ts
 * const parsed = sessionCommandSchema.safeParse(json);
 * if (!parsed.success) describeSchemaIssue(parsed.error.issues[0], json);
 * ```
 */
export function describeSchemaIssue(issue: z.core.$ZodIssue | undefined, json: unknown): string {
  if (issue === undefined) return 'the answer does not match the session command schema';
  const field = issue.path.length === 0 ? 'the answer' : issue.path.map(String).join('.');
  const value = valueAt(json, issue.path);
  const options =
    issue.code === 'invalid_union' && 'options' in issue && Array.isArray(issue.options)
      ? issue.options
      : issue.code === 'invalid_value'
        ? issue.values
        : undefined;
  if (options !== undefined) {
    return `${field} is ${shown(value)}, expected one of ${options.map((option) => JSON.stringify(option)).join(', ')}`;
  }
  if (issue.code === 'invalid_type') {
    const held = value === undefined ? 'missing' : `${shown(value)}`;
    return `${field} is ${held}, expected ${withArticle(issue.expected)}`;
  }
  return `${field}: ${issue.message}`;
}
