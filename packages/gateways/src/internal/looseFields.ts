import { z } from 'zod';

/**
 * A text field as providers send it: a string, a number where the documentation shows a string
 * (or the other way round: Hubtel's `"Sequence":"1"`, Beem's `response` `0`), and `null` or
 * nothing for an empty value.
 */
export const looseText = z
  .union([z.string(), z.number(), z.null()], { error: 'expected text' })
  .optional()
  .transform((value) => (value === null || value === undefined ? '' : String(value)));

/** A text field a request cannot do without (`field`: its name on the wire). */
export const requiredText = (field: string) =>
  z
    .union([z.string(), z.number()], { error: `the field ${field} is missing` })
    .transform(String)
    .pipe(z.string().trim().min(1, `the field ${field} is empty`));

const flags: Readonly<Record<string, boolean>> = {
  true: true,
  false: false,
  '1': true,
  '0': false,
};

/** A boolean sent as `true`, `"true"`, `"True"`, `1` or `"1"` (and their `false`s). */
export const looseFlag = (field: string) =>
  z.preprocess(
    (value) =>
      typeof value === 'string' || typeof value === 'number'
        ? (flags[String(value).trim().toLowerCase()] ?? value)
        : value,
    z.boolean({ error: `the field ${field} is neither true nor false` }),
  );

/** One of a provider's words, in any case (`Initiation`, `initiation`, `INITIATION`). */
export const looseWord = <const Words extends readonly [string, ...string[]]>(
  field: string,
  words: Words,
) =>
  z
    .string({ error: `the field ${field} is missing` })
    .transform((value) => value.trim().toLowerCase())
    .pipe(
      z.enum(words, {
        error: (issue) =>
          `the field ${field} is ${JSON.stringify(issue.input)}, none of ${words.join(', ')}`,
      }),
    );

/** The first problem of a request that fails its schema, as a sentence. */
export function problemOf(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue === undefined ? 'the request is invalid' : issue.message;
}

/**
 * The fields of `keys` as an answer copies them back from the request (Arkesel's `sessionID`,
 * Nalo's `USERID`, Beem's `session_id`): each as text, `""` for one the request left out.
 */
export function echoedFields<const Key extends string>(
  fields: Readonly<Record<string, unknown>>,
  keys: readonly Key[],
): Record<Key, string> {
  return Object.fromEntries(keys.map((key) => [key, looseText.parse(fields[key])])) as Record<
    Key,
    string
  >;
}
