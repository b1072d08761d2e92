import { z } from 'zod';
import { describeSchemaIssue } from '../apps/describeSchemaIssue';

/**
 * A string field read as one of `values` whatever its case (`Release`, `release`, `RELEASE`), as
 * the providers' own code compares them.
 *
 * @example
 * ```ts
 * const Type = anyCase(['response', 'release']);
 * ```
 */
export function anyCase<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(values));
}

/** An answer's body in a sentence: flattened, cut at 60 characters, or `an empty body`. */
export function shownBody(text: string): string {
  const flat = text.trim().replace(/\s+/g, ' ');
  if (flat === '') return 'an empty body';
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}

/**
 * Reads a JSON answer with its provider's `schema`: the parsed answer and the JSON (after
 * `normalise`, e.g. Hubtel's keys in either case), or what is wrong as the end of the sentence
 * `The <provider> app at <url> answered …`, closed by `expected` (what the provider reads).
 *
 * @example
 * ```ts
 * const read = readJsonAnswer(hubtelAnswerSchema, body, 'Hubtel reads {"Type": …}');
 * if ('problem' in read) return read;
 * ```
 */
export function readJsonAnswer<S extends z.ZodType>(
  schema: S,
  body: string,
  expected: string,
  normalise: (json: unknown) => unknown = (json) => json,
): { readonly data: z.output<S>; readonly json: unknown } | { readonly problem: string } {
  let json: unknown;
  try {
    json = normalise(JSON.parse(body));
  } catch {
    return { problem: `${shownBody(body)}, which is not JSON: ${expected}` };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = describeSchemaIssue(parsed.error.issues[0], json);
    return { problem: `${shownBody(body)}: ${issue}; ${expected}` };
  }
  return { data: parsed.data, json };
}

/** A value as a sentence quotes it. */
function quoted(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

/**
 * The first field of `echoes` that the answer `json` did not copy back from the request (a
 * number equal to the string sent counts as copied; a field of `optional` may be left out), as
 * the end of the sentence `The <provider> app at <url> answered …`; `undefined` when all were.
 */
function echoProblem(
  title: string,
  json: unknown,
  echoes: Readonly<Record<string, string>>,
  optional: readonly string[] = [],
): string | undefined {
  const fields = Object.keys(echoes);
  const required = fields.filter((field) => !optional.includes(field));
  const needs = `${title} needs ${required.join(', ')}${optional.length === 0 ? '' : ` (and ${optional.join(', ')} when given)`} copied from the request into every answer`;
  const answer = (json ?? {}) as Record<string, unknown>;
  for (const field of fields) {
    const sent = echoes[field] as string;
    const value = answer[field];
    if (value === undefined && optional.includes(field)) continue;
    if ((typeof value === 'string' || typeof value === 'number') && String(value) === sent) {
      continue;
    }
    return value === undefined
      ? `without ${field} (the request's was ${quoted(sent)}): ${needs}`
      : `${field} ${quoted(value)} where the request had ${quoted(sent)}: ${needs}`;
  }
  return undefined;
}

/**
 * Reads, as {@link readJsonAnswer} does, the JSON answer of a provider that wants fields copied
 * back from the request (Arkesel's `sessionID`, Nalo's `USERID`, Beem's `session_id`): an answer
 * that leaves one of `echoes` out, or changes it, is a problem too (`title` names the provider;
 * a field of `optional` may be left out).
 *
 * @example
 * ```ts
 * const echoes = { sessionID: hop.sessionId, userID: hop.account };
 * const read = readEchoedAnswer(arkeselAnswerSchema, body, EXPECTED, 'Arkesel', echoes);
 * if ('problem' in read) return read;
 * ```
 */
export function readEchoedAnswer<S extends z.ZodType>(
  schema: S,
  body: string,
  expected: string,
  title: string,
  echoes: Readonly<Record<string, string>>,
  optional: readonly string[] = [],
): { readonly data: z.output<S> } | { readonly problem: string } {
  const read = readJsonAnswer(schema, body, expected);
  if ('problem' in read) return read;
  const problem = echoProblem(title, read.json, echoes, optional);
  return problem === undefined ? read : { problem: `${problem}.` };
}
