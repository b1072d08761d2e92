import { z } from 'zod';
import { type Unrecognised, unrecognisedSchema } from '../Unrecognised';

/** Whether `value` is one of `values`, narrowing it to them. */
export function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/**
 * Any string, typed {@link Unrecognised}; its JSON Schema says "none of `known`", which is what
 * the unions below let through to it.
 */
function otherThan(known: readonly string[]) {
  return unrecognisedSchema.meta({
    not: { enum: [...known] },
    description: 'A value added upstream after this version; read as is.',
  });
}

/**
 * A code read tolerantly: the known values keep their literal types, any other string is kept
 * as sent, typed {@link Unrecognised}.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), otherThan(values)]);
}

/**
 * A union tagged by `key`, read tolerantly: a body whose tag is a string none of `known`'s
 * variants has reads as `unrecognised(tag)` instead of failing. A body whose tag IS known but
 * whose fields are wrong still fails, with the known variant's own issues (`reason.privilege`,
 * not "invalid input"): they are re-added as continuable issues, so the union reports this branch.
 */
export function openUnion<Known extends z.ZodType, Out>(
  key: string,
  known: Known,
  tags: readonly string[],
  unrecognised: (raw: Unrecognised) => Out,
) {
  const other = z.looseObject({ [key]: otherThan(tags) }).transform((body, ctx) => {
    const tag = body[key];
    if (tag !== undefined && !tags.includes(tag)) return unrecognised(tag);
    const parsed = known.safeParse(body);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, continue: true });
    return z.NEVER;
  });
  return z.union([known, other]);
}
